/** The seconds left before a throttled form may try again, counting down once a second. */
import { useCallback, useEffect, useState } from 'react';

/** Seconds left (0 when a try is allowed) and `waitFor(seconds)` to start a wait. */
export function useRetryCountdown(): { secondsLeft: number; waitFor: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const tick = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 250);
    return () => clearInterval(tick);
  }, [until]);

  const waitFor = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);

  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { secondsLeft, waitFor };
}
