/**
 * The one way the product shows a point in time, '—' when there is none: in the signed-in reader's
 * chosen date format (profile data_settings.date_format, see dateFormat.ts), or their own language
 * through Intl. Recency ("3 min ago") where the age is the news; the full date beside it for a
 * tooltip. Views take the reader's format from `useTimes()` (or draw `<DateTime>`); the `format`
 * argument defaults to the reader's language, for pages nobody is signed in to.
 */
import { LOCALE_TIME_FORMAT, type TimeFormat } from './dateFormat';

/** A time as the server sends it (ISO text), epoch milliseconds, or a Date; nothing for "not yet". */
export type TimeValue = string | number | Date | null | undefined;

const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** What the sign of nothing looks like in every list and detail. */
export const NO_TIME = '—';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** The value as a Date, or null when it is missing or not a time. */
export function toDate(value: TimeValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2026-03-12" / "12 Mar 2026" / "Mar 12, 2026". */
export function formatDate(value: TimeValue, format: TimeFormat = LOCALE_TIME_FORMAT): string {
  const date = toDate(value);
  return date ? format.date(date) : NO_TIME;
}

/** "2026-03-12 14:05" / "12 Mar 2026, 14:05" / "Mar 12, 2026, 2:05 PM". */
export function formatDateTime(value: TimeValue, format: TimeFormat = LOCALE_TIME_FORMAT): string {
  const date = toDate(value);
  return date ? format.dateTime(date) : NO_TIME;
}

/** The whole moment for a tooltip, in words whatever the format: "Thursday 12 March 2026 at 14:05:09 CET". */
export function formatFullDateTime(value: TimeValue): string {
  const date = toDate(value);
  return date ? FULL.format(date) : NO_TIME;
}

/** For event logs, to the second: the time alone when it was today, otherwise with the date. */
export function formatEventTime(
  value: TimeValue,
  now: Date = new Date(),
  format: TimeFormat = LOCALE_TIME_FORMAT,
): string {
  const date = toDate(value);
  if (!date) return NO_TIME;
  return date.toDateString() === now.toDateString() ? format.timeSeconds(date) : format.dateSeconds(date);
}

/** "now", "12 seconds ago", "3 minutes ago", "yesterday", "in 6 days": the largest unit that fits. */
export function formatRelative(value: TimeValue, now: number | Date = Date.now()): string {
  const date = toDate(value);
  if (!date) return NO_TIME;
  const seconds = (date.getTime() - (typeof now === 'number' ? now : now.getTime())) / 1000;
  // A few seconds either way is "now": clocks of the browser and the server never agree exactly.
  if (Math.abs(seconds) < 5) return RELATIVE.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.trunc(seconds / size), unit);
  }
  return RELATIVE.format(0, 'second');
}
