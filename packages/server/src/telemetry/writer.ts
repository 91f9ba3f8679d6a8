/**
 * The batched telemetry writer: raw points go in with unnest arrays (exact duplicates of a stored
 * (sensor, parameter, ts) are dropped), and the per-minute and per-hour rollups are upserted from the
 * rows actually inserted, in the same statement and transaction. Durable once write() resolves.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { ensureMonthlyPartitions } from './repository';
import { ROLLUPS } from './rollups';

export interface TelemetryPoint {
  orgId: string;
  sensorId: string;
  paramKey: string;
  ts: Date;
  value: number;
}

/** Points per INSERT statement: big enough to amortize round trips, small enough for parameters. */
const DEFAULT_CHUNK = 10_000;

export class TelemetryWriter {
  /** Months whose partition is known to exist (or whose rows stay in the default partition). */
  private readonly months = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly options: { chunkSize?: number } = {},
  ) {}

  /** Stores the points and updates the rollups; answers how many were new. */
  async write(points: readonly TelemetryPoint[]): Promise<{ inserted: number }> {
    if (points.length === 0) return { inserted: 0 };
    const orgOfSensor = new Map<string, string>();
    for (const point of points) {
      if (!Number.isFinite(point.value)) throw new Error(`Telemetry value must be finite: ${point.value}`);
      if (Number.isNaN(point.ts.getTime())) throw new Error('Telemetry timestamp is invalid');
      const known = orgOfSensor.get(point.sensorId);
      if (known && known !== point.orgId)
        throw new Error(`Sensor ${point.sensorId} appears under two organizations in one batch`);
      orgOfSensor.set(point.sensorId, point.orgId);
    }
    await ensureMonthlyPartitions(this.db, points, this.months);
    const chunkSize = this.options.chunkSize ?? DEFAULT_CHUNK;
    return this.db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (let start = 0; start < points.length; start += chunkSize) {
        inserted += await writeChunk(trx, points.slice(start, start + chunkSize));
      }
      return { inserted };
    });
  }
}

/** One statement: insert raw, then fold the inserted rows into both rollups. */
async function writeChunk(db: Db, points: readonly TelemetryPoint[]): Promise<number> {
  const orgIds = points.map((p) => p.orgId);
  const sensorIds = points.map((p) => p.sensorId);
  const paramKeys = points.map((p) => p.paramKey);
  const stamps = points.map((p) => p.ts.toISOString());
  const values = points.map((p) => p.value);
  const [minute, hour] = ROLLUPS.map((rollup) => {
    const table = sql.table(rollup.table);
    return sql`
      insert into ${table} as r
        (org_id, sensor_id, param_key, bucket, count, sum, min, max, first_ts, first_value, last_ts, last_value)
      select org_id, sensor_id, param_key,
             date_bin(${sql.lit(`${rollup.seconds} seconds`)}::interval, ts, timestamptz '1970-01-01 00:00:00+00') as bucket,
             count(*), sum(value), min(value), max(value),
             min(ts), (array_agg(value order by ts))[1],
             max(ts), (array_agg(value order by ts desc))[1]
      from ins
      group by org_id, sensor_id, param_key, bucket
      on conflict (sensor_id, param_key, bucket) do update set
        count = r.count + excluded.count,
        sum = r.sum + excluded.sum,
        min = least(r.min, excluded.min),
        max = greatest(r.max, excluded.max),
        first_ts = least(r.first_ts, excluded.first_ts),
        first_value = case when excluded.first_ts < r.first_ts then excluded.first_value else r.first_value end,
        last_ts = greatest(r.last_ts, excluded.last_ts),
        last_value = case when excluded.last_ts > r.last_ts then excluded.last_value else r.last_value end
      returning 1`;
  });
  const result = await sql<{ inserted: number }>`
    with input as (
      select * from unnest(
        ${orgIds}::uuid[], ${sensorIds}::uuid[], ${paramKeys}::text[],
        ${stamps}::timestamptz[], ${values}::float8[]
      ) as t(org_id, sensor_id, param_key, ts, value)
    ), ins as (
      insert into telemetry (org_id, sensor_id, param_key, ts, value)
      select org_id, sensor_id, param_key, ts, value from input
      on conflict do nothing
      returning org_id, sensor_id, param_key, ts, value
    ), m as (${minute}), h as (${hour})
    select (select count(*) from ins)::int as inserted`.execute(db);
  return result.rows[0]?.inserted ?? 0;
}
