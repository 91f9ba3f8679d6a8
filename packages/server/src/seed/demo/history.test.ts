/**
 * A fresh demo has a past: right after the first start, the last hour of every demo sensor already
 * holds readings across the whole hour, within the parameter's range, in the raw table and in the
 * minute rollup the charts read, before any simulated gateway has sent a thing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../app/runtime';
import { type PlatformHome, platformHome } from '../../testing/platformHome';
import { HISTORY_HOURS } from './history';
import { sensorTypeSpec } from './plant/catalogue';
import { sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';

let home: PlatformHome;
let platform: RunningPlatform;

beforeAll(async () => {
  home = await platformHome('demo-history');
  // No live plant (the default): whatever is stored came from the seed.
  platform = await home.start();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await home?.remove();
});

const boilerHouse = DEMO_PLANTS.find((plant) => plant.project === 'Boiler House')!;
const bearing = sensorsOf(boilerHouse.tree).find((sensor) => sensor.tag === 'VT-101')!;

describe('the demo plant’s history', () => {
  it.each(sensorTypeSpec(bearing.type).parameters.map((p) => [p.key, p] as const))(
    'fills the last hour of P-101’s %s with readings in its range, raw and rolled up',
    async (_key, param) => {
      const db = platform.deps.db;
      const sensor = await db
        .selectFrom('entities')
        .select('id')
        .where('name', '=', bearing.name)
        .where('kind', '=', 'sensor')
        .executeTakeFirstOrThrow();
      const hourAgo = new Date(Date.now() - 3_600_000);
      const raw = await db
        .selectFrom('telemetry')
        .select('value')
        .where('sensor_id', '=', sensor.id)
        .where('param_key', '=', param.key)
        .where('ts', '>=', hourAgo)
        .execute();
      const minutes = await db
        .selectFrom('telemetry')
        .select(sql<string>`count(distinct date_trunc('minute', ts))`.as('n'))
        .where('sensor_id', '=', sensor.id)
        .where('param_key', '=', param.key)
        .where('ts', '>=', hourAgo)
        .executeTakeFirstOrThrow();
      expect(Number(minutes.n)).toBeGreaterThanOrEqual(50);
      const values = raw.map((row) => Number(row.value));
      expect(Math.min(...values)).toBeGreaterThanOrEqual(param.min);
      expect(Math.max(...values)).toBeLessThanOrEqual(param.max);
      // It moves like the plant does, not a flat line.
      expect(new Set(values).size).toBeGreaterThan(10);

      // The rollups the charts read hold the same minutes, and the history reaches back its hours.
      const rolled = await db
        .selectFrom('telemetry_1m')
        .select([
          sql<string>`count(*)`.as('buckets'),
          sql<string>`sum(count)`.as('points'),
          sql<Date>`min(bucket)`.as('first'),
        ])
        .where('sensor_id', '=', sensor.id)
        .where('param_key', '=', param.key)
        .executeTakeFirstOrThrow();
      expect(Number(rolled.buckets)).toBeGreaterThanOrEqual(HISTORY_HOURS * 60 - 1);
      const first = new Date(rolled.first).getTime();
      expect(Date.now() - first).toBeGreaterThan((HISTORY_HOURS - 0.1) * 3_600_000);
      const hourly = await db
        .selectFrom('telemetry_1h')
        .select(sql<string>`sum(count)`.as('points'))
        .where('sensor_id', '=', sensor.id)
        .where('param_key', '=', param.key)
        .executeTakeFirstOrThrow();
      expect(Number(hourly.points)).toBe(Number(rolled.points));
    },
  );
});
