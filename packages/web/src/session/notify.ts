/** Toasts of the session screens and the API client (@mantine/notifications). */
import { notifications } from '@mantine/notifications';

// A toast without a message line reads better as a single line than as a bold title over nothing.
function show(color: string, title: string, message: string | undefined, autoClose: number) {
  notifications.show(message ? { color, title, message, autoClose } : { color, message: title, autoClose });
}

/** Shows an error toast, e.g. the server's title after a failed sign-in. */
export function notifyError(title: string, message?: string) {
  show('red', title, message, 6000);
}

/** Shows a success toast. */
export function notifySuccess(title: string, message?: string) {
  show('teal', title, message, 4000);
}
