/**
 * One message at a time for a signal that says only "something changed" (callers changed): calls while
 * one is being sent fold into one more, sent after it, so a burst of writes costs two messages, not one
 * each, and every call still resolves after a message sent after the call.
 */
export function coalesce(send: () => Promise<void>): () => Promise<void> {
  let sending: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const running = send().finally(() => {
      if (sending === running) sending = null;
    });
    sending = running;
    return running;
  };
  return () => {
    if (!sending) return start();
    queued ??= sending.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
