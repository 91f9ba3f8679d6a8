/** A point in time as a `<time>` element: the reader's date format, the full moment on hover. */
import type { CSSProperties } from 'react';
import {
  formatDate,
  formatDateTime,
  formatFullDateTime,
  formatRelative,
  NO_TIME,
  type TimeValue,
  toDate,
} from './formatDateTime';
import { useTimeFormat } from './useTimes';

interface DateTimeProps {
  value: TimeValue;
  /** "3 minutes ago" instead of the date: for times whose recency is the point (last seen, opened). */
  relative?: boolean;
  /** The date with its time of day; the date alone otherwise (ignored when relative). */
  withTime?: boolean;
  /** Shown when there is no time, e.g. "Never"; '—' by default. */
  empty?: string;
  /** The moment relative times count from (tests, or a ticking clock). */
  now?: number | Date;
  className?: string;
  style?: CSSProperties;
}

/** Draws a time the same way in every app; the title carries the full date, time and zone. */
export function DateTime({
  value,
  relative,
  withTime,
  empty = NO_TIME,
  now,
  className,
  style,
}: DateTimeProps) {
  const format = useTimeFormat();
  const date = toDate(value);
  if (!date)
    return (
      <span className={className} style={style}>
        {empty}
      </span>
    );
  const text = relative
    ? formatRelative(date, now)
    : withTime
      ? formatDateTime(date, format)
      : formatDate(date, format);
  return (
    <time dateTime={date.toISOString()} title={formatFullDateTime(date)} className={className} style={style}>
      {text}
    </time>
  );
}
