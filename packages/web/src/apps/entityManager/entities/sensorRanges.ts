/** The history chart's ranges and the bucket each asks the telemetry API for; plus "2 min ago" text. */
import type { TelemetryDataQuery } from '@ferrite/contracts';

export const SENSOR_RANGES = ['hour', 'day', 'week', 'month'] as const;
export type SensorRange = (typeof SENSOR_RANGES)[number];

interface RangeSpec {
  label: string;
  /** Window length in milliseconds. */
  span: number;
  group_interval: number;
  group_interval_type: TelemetryDataQuery['group_interval_type'];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const RANGE_SPECS: Record<SensorRange, RangeSpec> = {
  hour: { label: 'Last hour', span: HOUR, group_interval: 1, group_interval_type: 'minute' },
  day: { label: 'Last 24 hours', span: DAY, group_interval: 15, group_interval_type: 'minute' },
  week: { label: 'Last 7 days', span: 7 * DAY, group_interval: 2, group_interval_type: 'hour' },
  month: { label: 'Last 30 days', span: 30 * DAY, group_interval: 1, group_interval_type: 'day' },
};

/** The query string of GET …/parameters/{paramKey}/data for a range ending at `now`: avg buckets. */
export interface RangeQuery {
  aggregate_func: 'avg';
  group_interval: number;
  group_interval_type: TelemetryDataQuery['group_interval_type'];
  from_date: string;
  to_date: string;
}

export function rangeQuery(range: SensorRange, now: Date): RangeQuery {
  const spec = RANGE_SPECS[range];
  return {
    aggregate_func: 'avg',
    group_interval: spec.group_interval,
    group_interval_type: spec.group_interval_type,
    from_date: new Date(now.getTime() - spec.span).toISOString(),
    to_date: now.toISOString(),
  };
}

/** "just now", "12 s ago", "2 min ago", "3 h ago", "5 d ago", from the reading's time to `now`. */
export function relativeTime(ts: string, now: Date): string {
  // A device clock a little ahead of ours reads as now rather than "in 2 s".
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(ts)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 1) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
