import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { openTestDatabase } from '../../../testing/testDatabase';
import type { DatabaseHandle } from '../database';
import { up } from './0009_telemetry_6h';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sixHourRows = async () =>
  (
    await sql<Record<string, unknown>>`
      select sensor_id, param_key, bucket, count::int as count, sum, min, max, first_ts, first_value,
        last_ts, last_value
      from telemetry_6h order by 1, 2, 3`.execute(database.db)
  ).rows;

it('fills the six-hour rollup from the hourly one exactly as the writer keeps it', async () => {
  const { db } = database;
  const org = await db
    .insertInto('orgs')
    .values({ name: 'Before six hours', slug: `six-${randomUUID().slice(0, 8)}`, apps: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sensorId = randomUUID();
  // Two days of a point every 7 minutes, two parameters, values in quarters (sums compare exactly).
  const start = Date.UTC(2026, 2, 1, 3, 17);
  const points = Array.from({ length: 2 * 24 * 9 }, (_, i) => ({
    orgId: org.id,
    sensorId,
    paramKey: i % 2 === 0 ? 'temp' : 'rpm',
    ts: new Date(start + i * 7 * 60_000),
    value: ((i * 37) % 101) / 4 - 10,
  }));
  await new TelemetryWriter(db).write(points);
  const kept = await sixHourRows();
  expect(kept.length).toBeGreaterThan(8);

  // As if the rollup had not existed when those points were stored.
  await sql`drop table telemetry_6h`.execute(db);
  await up(db);
  expect(await sixHourRows()).toEqual(kept);
});
