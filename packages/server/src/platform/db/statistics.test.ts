import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TelemetryWriter } from '../../telemetry/writer';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from './database';
import { refreshStatistics } from './statistics';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it("analyzes every table, after which a sensor's rollup rows are read through the primary key", async () => {
  const { db } = database;
  const orgId = randomUUID();
  const sensors = Array.from({ length: 40 }, () => randomUUID());
  const start = Date.UTC(2026, 0, 1);
  // Sixty days of hourly points for forty sensors of one organization.
  const points = sensors.flatMap((sensorId) =>
    Array.from({ length: 60 * 24 }, (_, i) => ({
      orgId,
      sensorId,
      paramKey: 't',
      ts: new Date(start + i * 3_600_000),
      value: i,
    })),
  );
  await new TelemetryWriter(db).write(points);

  const analyzed = await refreshStatistics(db);
  expect(analyzed).toEqual(expect.arrayContaining(['telemetry', 'telemetry_1h', 'telemetry_6h', 'entities']));
  const stats = await sql<{ n: number }>`
    select reltuples::int as n from pg_class where relname = 'telemetry_6h'`.execute(db);
  expect(stats.rows[0]?.n).toBe(40 * 60 * 4);
  // One sensor's window: the primary key finds its rows, instead of the organization's index reading
  // every sensor's and filtering.
  const plan = await sql<Record<string, string>>`
    explain select count(*), sum(sum) from telemetry_6h
    where org_id = ${orgId} and sensor_id = ${sensors[3]} and param_key = 't'
      and bucket >= '2026-01-02T00:00:00Z'::timestamptz and bucket < '2026-02-20T00:00:00Z'::timestamptz`.execute(
    db,
  );
  const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
  expect(text).toContain('telemetry_6h_pkey');
  // 57,600 points with their rollups, then ANALYZE of every table: long on PGlite on a loaded machine.
}, 90_000);
