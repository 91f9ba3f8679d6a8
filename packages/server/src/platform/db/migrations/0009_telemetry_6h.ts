/**
 * A six-hour rollup beside the minute and hour ones (see telemetry/rollups.ts for why), filled from
 * the hourly rollup so windows over data stored before it answer exactly the same.
 */
import { type Kysely, sql } from 'kysely';

/** Creates telemetry_6h like the other rollups and fills it from telemetry_1h. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table telemetry_6h (
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
    ) with (fillfactor = 70)`.execute(db);
  await sql`create index telemetry_6h_org_bucket_idx on telemetry_6h (org_id, bucket)`.execute(db);
  await sql`
    insert into telemetry_6h
    select org_id, sensor_id, param_key,
           date_bin('6 hours'::interval, bucket, timestamptz '1970-01-01 00:00:00+00'),
           sum(count), sum(sum), min(min), max(max),
           min(first_ts), (array_agg(first_value order by first_ts))[1],
           max(last_ts), (array_agg(last_value order by last_ts desc))[1]
    from telemetry_1h
    group by 1, 2, 3, 4`.execute(db);
}
