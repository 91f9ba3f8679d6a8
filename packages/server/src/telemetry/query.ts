/**
 * The telemetry query behind widgets and reports. Aggregates come from partial aggregates
 * (count, sum, min, max, first, last): rollup rows for the part of the window the rollup covers
 * whole, raw points (each its own partial) for the ragged edges, so the answer is exactly what
 * aggregating the raw points would give. Buckets are UTC: second…day epoch-aligned, weeks start on
 * Monday, months on the 1st.
 */
import {
  TELEMETRY_AGGREGATE_FUNCS,
  TELEMETRY_INTERVAL_TYPES,
  TELEMETRY_MAX_POINTS,
} from '@ferrite/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { rollupFor } from './rollups';

export const AGGREGATE_FUNCS = TELEMETRY_AGGREGATE_FUNCS;
export const INTERVAL_TYPES = TELEMETRY_INTERVAL_TYPES;
export type AggregateFunc = (typeof AGGREGATE_FUNCS)[number];
export type IntervalType = (typeof INTERVAL_TYPES)[number];

/** The most points one answer carries. */
export const MAX_POINTS = TELEMETRY_MAX_POINTS;

export interface TelemetryQuery {
  aggregateFunc: AggregateFunc;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  groupInterval: number;
  groupIntervalType: IntervalType;
  type: 'raw' | 'aggregate';
  /** The N newest raw points; when set, the window and the aggregation are ignored. */
  last?: number;
  /** Testing: force a source instead of the coarsest exact one. */
  source?: 'raw' | 'rollup';
}

export interface SeriesKey {
  sensorId: string;
  paramKey: string;
}

export interface TelemetryPointOut {
  ts: Date;
  value: number;
}

const UNIT_SECONDS: Record<Exclude<IntervalType, 'month'>, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
};

/** Bucket width in seconds, or 'month'. */
export function bucketSeconds(type: IntervalType, interval: number): number | 'month' {
  return type === 'month' ? 'month' : UNIT_SECONDS[type] * interval;
}

/** How many buckets the window spans at most (months counted as 28 days). */
export function bucketCount(from: Date, to: Date, type: IntervalType, interval: number): number {
  const width = type === 'month' ? 28 * 86_400 * interval : UNIT_SECONDS[type] * interval;
  return Math.ceil((to.getTime() - from.getTime()) / 1000 / width) + 1;
}

/** The SQL expression of the bucket start a timestamp expression falls in. */
function bucketOf(ts: RawBuilder<unknown>, type: IntervalType, interval: number): RawBuilder<unknown> {
  if (type === 'month') {
    const monthIndex = sql`(extract(year from ${ts} at time zone 'UTC')::int * 12 + extract(month from ${ts} at time zone 'UTC')::int - 1)`;
    const start = sql`(${monthIndex} - mod(${monthIndex}, ${sql.lit(interval)}))`;
    return sql`make_timestamptz(${start} / 12, mod(${start}, 12) + 1, 1, 0, 0, 0, 'UTC')`;
  }
  const width = sql.lit(`${UNIT_SECONDS[type] * interval} seconds`);
  // 1970-01-05 was a Monday: weeks start on Mondays, like date_trunc('week').
  const origin =
    type === 'week' ? sql`timestamptz '1970-01-05 00:00:00+00'` : sql`timestamptz '1970-01-01 00:00:00+00'`;
  return sql`date_bin(${width}::interval, ${ts}, ${origin})`;
}

const FINAL: Record<AggregateFunc, RawBuilder<unknown>> = {
  avg: sql`sum(p.sum) / sum(p.count)`,
  min: sql`min(p.min)`,
  max: sql`max(p.max)`,
  sum: sql`sum(p.sum)`,
  count: sql`sum(p.count)`,
  first: sql`(array_agg(p.first_value order by p.first_ts))[1]`,
  last: sql`(array_agg(p.last_value order by p.last_ts desc))[1]`,
};

function toPoints(rows: { ts: Date | string; value: number | string }[]): TelemetryPointOut[] {
  return rows.map((row) => ({ ts: new Date(row.ts), value: Number(row.value) }));
}

/** Answers one sensor parameter's series for the query. */
export async function queryTelemetry(
  db: Db,
  orgId: string,
  key: SeriesKey,
  query: TelemetryQuery,
): Promise<{ points: TelemetryPointOut[]; source: 'raw' | 'telemetry_1m' | 'telemetry_1h' }> {
  const series = sql`org_id = ${orgId} and sensor_id = ${key.sensorId} and param_key = ${key.paramKey}`;
  if (query.last !== undefined) {
    const result = await sql<{ ts: Date; value: number }>`
      select ts, value from telemetry where ${series}
      order by ts desc limit ${Math.min(query.last, MAX_POINTS)}`.execute(db);
    return { points: toPoints(result.rows).reverse(), source: 'raw' };
  }
  const from = query.from.toISOString();
  const to = query.to.toISOString();
  if (query.type === 'raw') {
    const result = await sql<{ ts: Date; value: number }>`
      select ts, value from telemetry
      where ${series} and ts >= ${from}::timestamptz and ts < ${to}::timestamptz
      order by ts limit ${MAX_POINTS}`.execute(db);
    return { points: toPoints(result.rows), source: 'raw' };
  }

  const rollup =
    query.source === 'raw'
      ? undefined
      : rollupFor(bucketSeconds(query.groupIntervalType, query.groupInterval));
  // The part of the window the rollup covers in whole buckets: [lo, hi).
  const widthMs = (rollup?.seconds ?? 0) * 1000;
  const lo = rollup ? Math.ceil(query.from.getTime() / widthMs) * widthMs : 0;
  const hi = rollup ? Math.floor(query.to.getTime() / widthMs) * widthMs : 0;
  const useRollup = rollup !== undefined && lo < hi;
  const rawPart = (start: string, end: string) => sql`
    select ts as at, 1::bigint as count, value as sum, value as min, value as max,
           ts as first_ts, value as first_value, ts as last_ts, value as last_value
    from telemetry where ${series} and ts >= ${start}::timestamptz and ts < ${end}::timestamptz`;
  const parts = useRollup
    ? sql`
        select bucket as at, count, sum, min, max, first_ts, first_value, last_ts, last_value
        from ${sql.table(rollup.table)}
        where ${series} and bucket >= ${new Date(lo).toISOString()}::timestamptz
          and bucket < ${new Date(hi).toISOString()}::timestamptz
        union all ${rawPart(from, new Date(lo).toISOString())}
        union all ${rawPart(new Date(hi).toISOString(), to)}`
    : rawPart(from, to);
  const bucket = bucketOf(sql`p.at`, query.groupIntervalType, query.groupInterval);
  const result = await sql<{ ts: Date; value: number }>`
    select ${bucket} as ts, (${FINAL[query.aggregateFunc]})::float8 as value
    from (${parts}) as p
    group by 1 order by 1 limit ${MAX_POINTS}`.execute(db);
  return { points: toPoints(result.rows), source: useRollup ? rollup.table : 'raw' };
}

/** Answers several series with the same query, keyed 'sensorId/paramKey'. */
export async function queryTelemetryMany(
  db: Db,
  orgId: string,
  keys: readonly SeriesKey[],
  query: TelemetryQuery,
): Promise<Map<string, TelemetryPointOut[]>> {
  const answers = new Map<string, TelemetryPointOut[]>();
  for (const key of keys) {
    answers.set(`${key.sensorId}/${key.paramKey}`, (await queryTelemetry(db, orgId, key, query)).points);
  }
  return answers;
}
