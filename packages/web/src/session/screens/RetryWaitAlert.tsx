/** The wait of a throttled form, in the words the server uses, while its countdown runs. */
import { Alert } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';

interface RetryWaitAlertProps {
  /** From useRetryCountdown; nothing is shown at 0. */
  secondsLeft: number;
  /** The wait in words (contracts' signInWaitMessage, resetMailWaitMessage). */
  message: (seconds: number) => string;
}

/** A red status line saying how long to wait, or nothing once the wait is over. */
export function RetryWaitAlert({ secondsLeft, message }: RetryWaitAlertProps) {
  if (secondsLeft <= 0) return null;
  return (
    <Alert variant="light" color="red" icon={<IconClockPause size={18} />} role="status">
      {message(secondsLeft)}
    </Alert>
  );
}
