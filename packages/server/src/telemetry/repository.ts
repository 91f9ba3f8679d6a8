/** Telemetry storage chores: monthly partitions, the latest values, sensor lookup and retention. */
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { ROLLUPS, type RollupTable } from './rollups';

/** The UTC month a timestamp falls in, as 'YYYY_MM'. */
function monthKey(ts: Date): string {
  return `${ts.getUTCFullYear()}_${String(ts.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Creates monthly partitions for the months the points fall in. A month whose rows already sit in
 * the default partition keeps them there (PostgreSQL refuses a partition that would strand rows);
 * either way the month is remembered in `known` so the check runs once per writer and month. */
export async function ensureMonthlyPartitions(
  db: Db,
  points: readonly { ts: Date }[],
  known: Set<string>,
): Promise<void> {
  const months = new Map<string, Date>();
  for (const point of points) {
    const key = monthKey(point.ts);
    if (!known.has(key) && !months.has(key))
      months.set(key, new Date(Date.UTC(point.ts.getUTCFullYear(), point.ts.getUTCMonth(), 1)));
  }
  for (const [key, from] of months) {
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const name = `telemetry_y${key.replace('_', 'm')}`;
    const exists = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(
      db,
    );
    if (!exists.rows[0]?.found) {
      const stranded = await sql`
        select 1 from telemetry_default where ts >= ${from.toISOString()}::timestamptz
          and ts < ${to.toISOString()}::timestamptz limit 1`.execute(db);
      if (stranded.rows.length === 0) {
        try {
          await sql`create table if not exists ${sql.table(name)} partition of telemetry
            for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(db);
        } catch (error) {
          // Another writer created it, or rows for the month reached the default partition meanwhile.
          const again = await sql<{
            found: string | null;
          }>`select to_regclass(${name})::text as found`.execute(db);
          const racedIntoDefault = await sql`
            select 1 from telemetry_default where ts >= ${from.toISOString()}::timestamptz
              and ts < ${to.toISOString()}::timestamptz limit 1`.execute(db);
          if (!again.rows[0]?.found && racedIntoDefault.rows.length === 0) throw error;
        }
      }
    }
    known.add(key);
  }
}

/** Whether the entity is a sensor of the organization. */
export async function isSensorOfOrg(db: Db, orgId: string, sensorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('entities')
    .select('id')
    .where('id', '=', sensorId)
    .where('org_id', '=', orgId)
    .where('kind', '=', 'sensor')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The newest value of every parameter of a sensor (the last point of its newest minute bucket). The
 * parameters are found by skipping through the primary key (sensor_id, param_key, bucket) one key at
 * a time and each one's newest bucket is one probe, so the cost does not grow with the sensor's
 * history: `distinct on` read every bucket ever kept (a year of one parameter: 1.3 s on PGlite, now
 * about 1 ms). The organization is checked on the rows found: with it in the probes, the planner may
 * walk the organization's (org_id, bucket) index instead.
 */
export async function latestValues(db: Db, orgId: string, sensorId: string): Promise<LatestValue[]> {
  const result = await sql<{
    param_key: string;
    ts: number;
    value: number;
  }>`${newestPerParameter(orgId, sensorId)}`.execute(db);
  return result.rows.map((row) => ({
    param_key: row.param_key,
    ts: Number(row.ts),
    value: Number(row.value),
  }));
}

/** A parameter's newest value. */
export interface LatestValue {
  param_key: string;
  /** Epoch milliseconds, microseconds as the fraction (a Date would drop them). */
  ts: number;
  value: number;
}

/**
 * latestValues of a sensor of the organization, or null when the organization has no such sensor: one
 * statement, so an API request waits for one answer.
 */
export async function sensorLatestValues(
  db: Db,
  orgId: string,
  sensorId: string,
): Promise<LatestValue[] | null> {
  const result = await sql<{ found: boolean; latest: string }>`
    select
      exists (select 1 from entities where id = ${sensorId} and org_id = ${orgId} and kind = 'sensor') as found,
      coalesce((select json_agg(v order by v.param_key)::text from (${newestPerParameter(orgId, sensorId)}) v), '[]')
        as latest`.execute(db);
  const row = result.rows[0];
  if (!row?.found) return null;
  const parsed = JSON.parse(row.latest) as { param_key: string; ts: number; value: number }[];
  return parsed.map((one) => ({ param_key: one.param_key, ts: Number(one.ts), value: Number(one.value) }));
}

/** The statement of latestValues (rows param_key, ts, value in key order). */
function newestPerParameter(orgId: string, sensorId: string) {
  return sql`
    with recursive keys(param_key) as (
      (select param_key from telemetry_1m where sensor_id = ${sensorId} order by param_key limit 1)
      union all
      select (select t.param_key from telemetry_1m t
              where t.sensor_id = ${sensorId} and t.param_key > k.param_key
              order by t.param_key limit 1)
      from keys k where k.param_key is not null
    )
    select k.param_key, (extract(epoch from newest.last_ts) * 1000)::float8 as ts, newest.last_value as value
    from keys k cross join lateral (
      select t.org_id, t.last_ts, t.last_value from telemetry_1m t
      where t.sensor_id = ${sensorId} and t.param_key = k.param_key
      order by t.bucket desc limit 1) newest
    where k.param_key is not null and newest.org_id = ${orgId}
    order by k.param_key`;
}

/** What a retention pass deleted: raw points and rows of each rollup, older than `cutoff`. */
export interface PruneResult {
  cutoff: Date | null;
  raw: number;
  rollups: Record<RollupTable, number>;
}

const perRollup = (count: (level: number) => number) =>
  Object.fromEntries(ROLLUPS.map((rollup, level) => [rollup.table, count(level)])) as Record<
    RollupTable,
    number
  >;

/**
 * Deletes an organization's telemetry older than its limits.data_retention_days, counted back from
 * `now` (see pruneOlderThan).
 */
export async function pruneTelemetry(db: Db, orgId: string, now: Date = new Date()): Promise<PruneResult> {
  const org = await db.selectFrom('orgs').select('limits').where('id', '=', orgId).executeTakeFirst();
  return pruneOlderThan(db, orgId, Number(org?.limits?.data_retention_days), now);
}

/**
 * Deletes an organization's telemetry older than `days` before `now` (nothing when `days` is not a
 * positive number). The cut-off is floored to the coarsest rollup's bucket so raw points and every
 * rollup lose the same whole buckets and the rollups keep answering exactly what the raw table holds.
 */
export async function pruneOlderThan(db: Db, orgId: string, days: number, now: Date): Promise<PruneResult> {
  if (!Number.isFinite(days) || days <= 0) return { cutoff: null, raw: 0, rollups: perRollup(() => 0) };
  const widthMs = Math.max(...ROLLUPS.map((rollup) => rollup.seconds)) * 1000;
  const cutoff = new Date(Math.floor((now.getTime() - days * 86_400_000) / widthMs) * widthMs);
  const before = sql`${cutoff.toISOString()}::timestamptz`;
  const deletions = ROLLUPS.map(
    (rollup, level) =>
      sql`${sql.id(`r${level}`)} as (delete from ${sql.table(rollup.table)} where org_id = ${orgId} and bucket < ${before} returning 1)`,
  );
  // Counted in SQL: not every driver reports affected rows for a DELETE.
  const counts = ROLLUPS.map((_, level) => sql`(select count(*) from ${sql.id(`r${level}`)})::int`);
  const counted = await sql<{ counts: number[] }>`
    with raw as (delete from telemetry where org_id = ${orgId} and ts < ${before} returning 1), ${sql.join(deletions)}
    select array[(select count(*) from raw)::int, ${sql.join(counts)}] as counts`.execute(db);
  const [raw = 0, ...rollups] = (counted.rows[0]?.counts ?? []).map(Number);
  return { cutoff, raw, rollups: perRollup((level) => rollups[level] ?? 0) };
}
