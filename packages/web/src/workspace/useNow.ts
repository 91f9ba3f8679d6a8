/** The current time, refreshed every few seconds so a minute change shows promptly. */
import { useEffect, useState } from 'react';

/** Re-renders with a fresh Date every `intervalMs`. */
export function useNow(intervalMs = 5_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Hours and minutes in the browser's locale, e.g. "14:05" or "2:05 PM". */
export function formatTime(date: Date): string {
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** A long date, e.g. "Friday, 21 November 2025". */
export function formatDate(date: Date): string {
  return date.toLocaleDateString([], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}
