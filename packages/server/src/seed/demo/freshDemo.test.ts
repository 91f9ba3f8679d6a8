/**
 * A fresh demo, right after its first start (one platform for both, a start costs seconds):
 * - it has a past: the last hour of every demo sensor already holds readings across the whole hour,
 *   within the parameter's range, in the raw table and in the minute rollup the charts read, before any
 *   simulated gateway has sent a thing;
 * - its alert rules make the app's point: they are there, in words, and the bearing rule, one rule over
 *   every Bearing monitor, would have fired for worn P-101 over the seeded history and never for P-102,
 *   so with the live plant it fires for P-101 within minutes. A maintenance window is planned;
 * - its logic chains run: a P-101 reading comes out in °F on the virtual sensor.
 */
import type { AlertRule, RuleBacktest } from '@ferrite/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../app/runtime';
import { runsOfPoints } from '../../telemetry/pointRuns';
import { type PlatformHome, platformHome } from '../../testing/platformHome';
import { bearer, signInToOrg } from '../../testing/session';
import { DEMO_RULES } from './alerts';
import { HISTORY_HOURS } from './history';
import { sensorTypeSpec } from './plant/catalogue';
import { sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';
import { DEMO_CHAINS, DEMO_VIRTUAL_SENSOR } from './streamLogic';

let home: PlatformHome;
let platform: RunningPlatform;
let headers: { authorization: string };
let orgId: string;

beforeAll(async () => {
  home = await platformHome('demo-history');
  // No live plant (the default): whatever is stored came from the seed.
  platform = await home.start();
  const session = await signInToOrg(platform.app);
  headers = bearer(session.access_token);
  orgId = session.org_id;
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

async function demoRules(): Promise<AlertRule[]> {
  const response = await platform.app.inject({
    method: 'GET',
    url: `/api/alert/orgs/${orgId}/rules?page_size=50`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rules;
}

describe('the demo’s alert rules', () => {
  it('are seeded, each covering the plant’s sensors it names', async () => {
    const rules = await demoRules();
    expect(rules.map((rule) => rule.rule_name).sort()).toEqual(Object.values(DEMO_RULES).sort());
    const bearing = rules.find((rule) => rule.rule_name === DEMO_RULES.bearingVibration);
    // P-101's and P-102's bearing monitors.
    expect(bearing?.covered_sensors).toBe(2);
    expect(bearing?.severity).toBe('critical');
    expect(rules.every((rule) => rule.enabled)).toBe(true);
  });

  it('would have fired the bearing rule for P-101 over the seeded history, and never for P-102', async () => {
    const bearing = (await demoRules()).find((rule) => rule.rule_name === DEMO_RULES.bearingVibration);
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/alert/orgs/${orgId}/rules/backtest`,
      headers,
      payload: { data: bearing?.data, days: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const backtest: RuleBacktest = response.json();
    const firings = new Map(backtest.sensors.map((sensor) => [sensor.sensor_name, sensor.firings]));
    expect(firings.get('P-101 bearing monitor')).toBeGreaterThan(0);
    expect(firings.get('P-102 bearing monitor')).toBe(0);
  });

  it('plans a maintenance window for standby pump P-102', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: `/api/alert/orgs/${orgId}/silences`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [silence] = response.json().silences;
    expect(silence.label).toContain('P-102');
    expect(Date.parse(silence.starts_at)).toBeGreaterThan(Date.now());
  });
});

describe('the demo’s logic chains', () => {
  it('run on P-101: a bearing temperature reading is stored in °F on the virtual sensor within seconds', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: `/api/stream_process/${await projectIdOf('Boiler House')}/pipelines`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const chains: { name: string; status: string }[] = response.json().pipelines;
    expect(chains.map((chain) => chain.name).sort()).toEqual(Object.values(DEMO_CHAINS).sort());
    expect(chains.every((chain) => chain.status === 'running')).toBe(true);

    const db = platform.deps.db;
    const idOf = async (name: string) =>
      (
        await db
          .selectFrom('entities')
          .select('id')
          .where('name', '=', name)
          .where('kind', '=', 'sensor')
          .executeTakeFirstOrThrow()
      ).id;
    const [monitor, virtual] = [await idOf(bearing.name), await idOf(DEMO_VIRTUAL_SENSOR)];
    const ts = new Date(Date.now() - 1_000);
    await platform.deps.ingest.batcher.add(
      runsOfPoints([{ orgId, sensorId: monitor, paramKey: 'bearing_temperature', ts, value: 61.5 }]),
    );
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('telemetry')
              .select('value')
              .where('sensor_id', '=', virtual)
              .where('param_key', '=', 'bearing_temperature_f')
              .where('ts', '=', ts)
              .execute()
          ).map((row) => row.value),
        { timeout: 10_000 },
      )
      .toEqual([61.5 * 1.8 + 32]);
  });
});

async function projectIdOf(name: string): Promise<string> {
  const row = await platform.deps.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}
