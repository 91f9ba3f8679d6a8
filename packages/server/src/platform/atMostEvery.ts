/**
 * A chore for a periodic tick that comes more often than the chore needs (the status sweep's few
 * seconds): it runs on the first tick, then at most every `everyMs`, never twice at once, and a failure
 * goes to `onError` instead of the ticker.
 */
export function atMostEvery(
  everyMs: number,
  chore: (now: Date) => Promise<void>,
  onError: (error: unknown) => void,
): (now: Date) => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  let running = false;
  return async (now) => {
    if (running || now.getTime() - last < everyMs) return;
    running = true;
    last = now.getTime();
    try {
      await chore(now);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
}
