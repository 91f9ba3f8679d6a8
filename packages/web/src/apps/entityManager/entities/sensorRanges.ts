/** The history chart's ranges and the bucket each asks the telemetry API for. */
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
