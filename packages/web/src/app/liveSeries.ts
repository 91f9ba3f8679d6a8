/**
 * Folds live values (a sensor room's `sensor.values`, app/sensorRoom.ts) into a series that was read
 * from the telemetry API, so a chart moves without reading again. One rule for every live chart (a
 * dashboard's widgets, the Entity Manager's sensor history):
 * - raw reads (`last` N points, or a raw window) get the new points appended, then keep their N or window;
 * - aggregate reads with buckets of fixed width (second … day) get the new points folded into their
 *   buckets the way the server computes them (UTC, `date_bin` from the epoch), new buckets appended and
 *   buckets that slid out of the window dropped. Weeks and months are left as read.
 */
import type { TelemetryDataQuery } from '@ferrite/contracts';

/** One value of a series, as read or as it arrived. */
export interface SeriesPoint {
  ts: string;
  value: number;
}

/** What a fold needs to know of the read: its window, its buckets, raw or not. */
export interface FoldQuery {
  aggregate_func: TelemetryDataQuery['aggregate_func'];
  group_interval: number;
  group_interval_type: TelemetryDataQuery['group_interval_type'];
  from_date: string;
  to_date: string;
  type: 'raw' | 'aggregate';
  /** The newest N raw points, or null for a window. */
  last: number | null;
}

const UNIT_MS: Partial<Record<FoldQuery['group_interval_type'], number>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** The width of one bucket in ms, or null when buckets are not of fixed width (weeks, months). */
export function bucketWidth(query: Pick<FoldQuery, 'group_interval' | 'group_interval_type'>): number | null {
  const unit = UNIT_MS[query.group_interval_type];
  return unit ? unit * query.group_interval : null;
}

/** Whether the read was raw points rather than buckets. */
export function isRawRead(query: Pick<FoldQuery, 'type' | 'last'>): boolean {
  return query.type === 'raw' || query.last !== null;
}

/** Whether live values can move a read of this query at all. */
export function foldsLive(query: FoldQuery): boolean {
  return isRawRead(query) || bucketWidth(query) !== null;
}

function combine(func: FoldQuery['aggregate_func'], base: number | undefined, values: number[]): number {
  const [first] = values;
  if (first === undefined) return base ?? Number.NaN;
  switch (func) {
    case 'min':
      return Math.min(base ?? Number.POSITIVE_INFINITY, ...values);
    case 'max':
      return Math.max(base ?? Number.NEGATIVE_INFINITY, ...values);
    case 'sum':
      return (base ?? 0) + values.reduce((a, b) => a + b, 0);
    case 'count':
      return (base ?? 0) + values.length;
    case 'first':
      return base ?? first;
    case 'last':
      return values[values.length - 1] ?? Number.NaN;
    default:
      // avg: a bucket the server answered was partial and its count is not known, so it stays as read
      // until the next read; a bucket made of live values alone is exact.
      return base ?? values.reduce((a, b) => a + b, 0) / values.length;
  }
}

/** Index of the first live point newer than `after` (live points are oldest first), scanning from the end. */
function firstNewer(fresh: readonly SeriesPoint[], after: number, keep = Number.POSITIVE_INFINITY): number {
  let first = fresh.length;
  // Only the newest `keep` can survive the cut that follows, so the scan stops there too.
  while (first > 0 && fresh.length - first < keep && Date.parse(fresh[first - 1]!.ts) > after) first--;
  return first;
}

function appendRaw(points: SeriesPoint[], fresh: readonly SeriesPoint[], query: FoldQuery): SeriesPoint[] {
  const lastTs = points.length ? Date.parse(points[points.length - 1]!.ts) : Number.NEGATIVE_INFINITY;
  // A live buffer may hold more than the read shows; only what it keeps is read.
  let after = lastTs;
  if (query.last === null && fresh.length > 0) {
    const window = Date.parse(query.to_date) - Date.parse(query.from_date);
    after = Math.max(lastTs, Date.parse(fresh[fresh.length - 1]!.ts) - window);
  }
  const newer = fresh.slice(firstNewer(fresh, after, query.last ?? Number.POSITIVE_INFINITY));
  if (newer.length === 0) return points;
  const merged = [...points, ...newer.map((p) => ({ ts: p.ts, value: p.value }))];
  if (query.last !== null) return merged.slice(Math.max(0, merged.length - query.last));
  const window = Date.parse(query.to_date) - Date.parse(query.from_date);
  const end = Date.parse(merged[merged.length - 1]!.ts);
  return merged.filter((p) => Date.parse(p.ts) > end - window);
}

function foldBuckets(
  points: SeriesPoint[],
  fresh: readonly SeriesPoint[],
  query: FoldQuery,
  width: number,
): SeriesPoint[] {
  const readUntil = Date.parse(query.to_date);
  const byBucket = new Map<number, number[]>();
  let newest = Number.NEGATIVE_INFINITY;
  // What the read already counted is not counted twice.
  for (const p of fresh.slice(firstNewer(fresh, readUntil))) {
    const ts = Date.parse(p.ts);
    newest = Math.max(newest, ts);
    const start = Math.floor(ts / width) * width;
    const values = byBucket.get(start) ?? [];
    values.push(p.value);
    byBucket.set(start, values);
  }
  if (byBucket.size === 0) return points;
  const buckets = new Map<number, number>();
  for (const p of points) buckets.set(Date.parse(p.ts), p.value);
  for (const [start, values] of byBucket)
    buckets.set(start, combine(query.aggregate_func, buckets.get(start), values));
  const window = readUntil - Date.parse(query.from_date);
  const from = newest - window;
  return [...buckets.entries()]
    .filter(([start]) => start + width > from)
    .sort((a, b) => a[0] - b[0])
    .map(([start, value]) => ({ ts: new Date(start).toISOString(), value }));
}

/**
 * The read's points with the live points (oldest first) folded in, the window sliding to the newest;
 * the same array when nothing new arrived or the buckets are not of fixed width.
 */
export function foldLive(
  points: SeriesPoint[],
  fresh: readonly SeriesPoint[],
  query: FoldQuery,
): SeriesPoint[] {
  if (fresh.length === 0) return points;
  if (isRawRead(query)) return appendRaw(points, fresh, query);
  const width = bucketWidth(query);
  return width === null ? points : foldBuckets(points, fresh, query, width);
}
