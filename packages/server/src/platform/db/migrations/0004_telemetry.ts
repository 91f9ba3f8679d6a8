/**
 * Telemetry: one narrow table of raw points range-partitioned by time (a DEFAULT partition catches
 * anything no monthly partition covers; the writer adds monthly partitions on demand), and per-minute
 * and per-hour rollups the writer keeps in the same transaction. Buckets are UTC, epoch-aligned.
 */
import { type Kysely, sql } from 'kysely';

/** Creates telemetry (partitioned), its default partition, telemetry_1m and telemetry_1h. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys: the hot path must not check entities per point; retention and org deletion
  // clean up by org_id.
  await sql`
    create table telemetry (
      org_id uuid not null,
      sensor_id uuid not null,
      param_key text not null,
      ts timestamptz not null,
      value double precision not null,
      primary key (sensor_id, param_key, ts)
    ) partition by range (ts)`.execute(db);
  await sql`create table telemetry_default partition of telemetry default`.execute(db);
  for (const table of ['telemetry_1m', 'telemetry_1h']) {
    await sql`
      create table ${sql.table(table)} (
        org_id uuid not null,
        sensor_id uuid not null,
        param_key text not null,
        bucket timestamptz not null,
        count bigint not null,
        sum double precision not null,
        min double precision not null,
        max double precision not null,
        first_ts timestamptz not null,
        first_value double precision not null,
        last_ts timestamptz not null,
        last_value double precision not null,
        primary key (sensor_id, param_key, bucket)
      )`.execute(db);
    await sql`create index ${sql.id(`${table}_org_bucket_idx`)} on ${sql.table(table)} (org_id, bucket)`.execute(
      db,
    );
  }
}
