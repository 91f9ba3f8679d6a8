/** Where every notification of the product appears: top right, below the headers (Toasts.module.css). */
import { Notifications } from '@mantine/notifications';
import classes from './Toasts.module.css';

/** The one notification container, mounted once at the root. */
export function Toasts() {
  return <Notifications position="top-right" limit={4} zIndex={10000} classNames={{ root: classes.root }} />;
}
