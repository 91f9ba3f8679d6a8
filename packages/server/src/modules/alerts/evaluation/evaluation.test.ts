/**
 * Rules on durable readings, as the module's telemetry subscriber sees them (batches handed to the
 * evaluator, data times from a test clock): every condition kind raises and clears the alert a user
 * sees, a rule over a sensor type covers a sensor created after it, schedules and hysteresis hold,
 * silence fires from the staleness job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { demoOrgId } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { createEntity, entityManagerClient } from '../../entityManager/testSupport';
import { createRuleEvaluator } from './index';
import { checkSilence } from './jobs';
import { alertsOf, buildPlant, insertRule, type Plant, runOf, stateOf } from './testSupport';

let platform: TestPlatform;
let orgId: string;
let token: string;
let evaluate: (runs: ReturnType<typeof runOf>[]) => Promise<void>;
let count = 0;

/** A fresh plant per test, so rules of one test cover nothing of another's. */
async function plant(): Promise<Plant> {
  count++;
  return buildPlant(platform, orgId, token, `E${count}`);
}
/** Monday 1 June 2026, 10:00 UTC (12:00 in Berlin). */
const T = Date.UTC(2026, 5, 1, 10, 0, 0);
const MIN = 60_000;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
  token = (await signInToOrg(platform.app)).access_token;
  const evaluator = createRuleEvaluator(platform.deps);
  evaluate = async (runs) => {
    await evaluator.onBatch(runs);
  };
});
afterAll(() => platform.close());

describe('a rule on one sensor', () => {
  it('fires at the reading past the threshold with the filled message, and clears when back', async () => {
    const { sensorId } = await plant();
    const ruleId = await insertRule(platform, orgId, {
      message:
        '{{rule}} ({{severity}}): {{sensor}} at {{asset_path}} {{param}} = {{value}} ({{threshold}}) at {{time}}',
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'gt', param: 'temperature', value: 80 },
      },
    });
    await evaluate([
      runOf(orgId, sensorId, 'temperature', [
        [T, 70],
        [T + 1_000, 82.5],
        [T + 2_000, 90],
      ]),
    ]);
    const [alert, ...others] = await alertsOf(platform.deps.db, ruleId);
    expect(others).toHaveLength(0);
    expect(alert).toMatchObject({
      status: 'active',
      dedupe_key: `rule:${ruleId}:sensor:${sensorId}`,
      entity_id: sensorId,
      entity_path: `Line E${count} / P-E${count} / Bearing E${count}`,
      param_key: 'temperature',
      value: 82.5,
      threshold: 'temperature > 80',
      description: `Bearing too hot (major): Bearing E${count} at Line E${count} / P-E${count} temperature = 82.5 (temperature > 80) at ${new Date(T + 1_000).toISOString()}`,
    });
    expect(new Date(alert?.triggered_at as Date).getTime()).toBe(T + 1_000);

    await evaluate([runOf(orgId, sensorId, 'temperature', [[T + 3_000, 79]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.status)).toEqual(['cleared']);
    expect((await stateOf(platform.deps.db, ruleId, sensorId))?.state).toBe('ok');
  });

  it('fires on each condition kind only when it holds', async () => {
    const { sensorId } = await plant();
    const scope = { kind: 'sensor' as const, sensor_id: sensorId };
    const rules = {
      between: await insertRule(platform, orgId, {
        data: { scope, condition: { op: 'between', param: 'vibration', min: 4, max: 6 } },
      }),
      outside: await insertRule(platform, orgId, {
        data: { scope, condition: { op: 'outside', param: 'vibration', min: 0, max: 7 } },
      }),
      stopped: await insertRule(platform, orgId, {
        data: { scope, condition: { op: 'is_false', param: 'running' } },
      }),
      expression: await insertRule(platform, orgId, {
        data: {
          scope,
          condition: { op: 'expression', expression: 'temperature > 60 && params["vibration"] > 4.5' },
        },
      }),
      both: await insertRule(platform, orgId, {
        data: {
          scope,
          condition: {
            op: 'any',
            conditions: [
              {
                op: 'all',
                conditions: [
                  { op: 'gt', param: 'temperature', value: 60 },
                  { op: 'is_true', param: 'running' },
                ],
              },
              { op: 'gt', param: 'vibration', value: 9 },
            ],
          },
        },
      }),
    };
    await evaluate([
      runOf(orgId, sensorId, 'running', [[T, 1]]),
      runOf(orgId, sensorId, 'temperature', [[T + 1, 65]]),
      runOf(orgId, sensorId, 'vibration', [[T + 2, 5]]),
    ]);
    const fired = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(rules).map(
            async ([name, id]) => [name, (await alertsOf(platform.deps.db, id)).length] as const,
          ),
        ),
      );
    expect(await fired()).toEqual({ between: 1, outside: 0, stopped: 0, expression: 1, both: 1 });
    await evaluate([
      runOf(orgId, sensorId, 'vibration', [[T + 3, 7.5]]),
      runOf(orgId, sensorId, 'running', [[T + 4, 0]]),
    ]);
    expect(await fired()).toEqual({ between: 1, outside: 1, stopped: 1, expression: 1, both: 1 });
  });

  it('fires on a rate of change against the stored value a window earlier, right after a start', async () => {
    const { sensorId } = await plant();
    const ruleId = await insertRule(platform, orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'rate', param: 'temperature', direction: 'rise', amount: 5, window_s: 600 },
      },
    });
    // History this node never evaluated (stored before it started): 20 °C 10 and 12 minutes ago.
    await new TelemetryWriter(platform.deps.db).write(
      [T - 12 * MIN, T - 10 * MIN].map((ts) => ({
        orgId,
        sensorId,
        paramKey: 'temperature',
        ts: new Date(ts),
        value: 20,
      })),
    );
    await evaluate([runOf(orgId, sensorId, 'temperature', [[T, 24]])]);
    expect(await alertsOf(platform.deps.db, ruleId)).toHaveLength(0);
    await evaluate([runOf(orgId, sensorId, 'temperature', [[T + 1_000, 26]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.value)).toEqual([26]);
  });

  it('clears with hysteresis only once the value is the amount back', async () => {
    const { sensorId } = await plant();
    const ruleId = await insertRule(platform, orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'gt', param: 'temperature', value: 80 },
        clear: { kind: 'hysteresis', amount: 5 },
      },
    });
    const statusAfter = async (ts: number, value: number) => {
      await evaluate([runOf(orgId, sensorId, 'temperature', [[ts, value]])]);
      return (await alertsOf(platform.deps.db, ruleId)).map((a) => a.status).join(',');
    };
    expect(await statusAfter(T, 81)).toBe('active');
    expect(await statusAfter(T + 1_000, 79)).toBe('active');
    expect(await statusAfter(T + 2_000, 76)).toBe('active');
    expect(await statusAfter(T + 3_000, 74)).toBe('cleared');
  });

  it('starts nothing outside its schedule, and waits its pending duration inside it', async () => {
    const { sensorId } = await plant();
    const ruleId = await insertRule(platform, orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'gt', param: 'temperature', value: 80 },
        for_s: 120,
        schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00', timezone: 'Europe/Berlin' },
      },
    });
    const saturday = Date.UTC(2026, 5, 6, 10, 0, 0);
    await evaluate([
      runOf(orgId, sensorId, 'temperature', [
        [saturday, 90],
        [saturday + 5 * MIN, 91],
      ]),
    ]);
    expect((await stateOf(platform.deps.db, ruleId, sensorId))?.state).toBe('ok');
    // Monday 8 June, 10:00 UTC is 12:00 in Berlin.
    const monday = Date.UTC(2026, 5, 8, 10, 0, 0);
    await evaluate([
      runOf(orgId, sensorId, 'temperature', [
        [monday, 90],
        [monday + MIN, 91],
      ]),
    ]);
    expect((await stateOf(platform.deps.db, ruleId, sensorId))?.state).toBe('pending');
    expect(await alertsOf(platform.deps.db, ruleId)).toHaveLength(0);
    await evaluate([runOf(orgId, sensorId, 'temperature', [[monday + 2 * MIN, 92]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.value)).toEqual([92]);
  });

  it('goes on with the other rules when one was deleted a moment ago (a cache not yet told)', async () => {
    const { sensorId } = await plant();
    const data = {
      scope: { kind: 'sensor' as const, sensor_id: sensorId },
      condition: { op: 'gt' as const, param: 'temperature', value: 80 },
    };
    const gone = await insertRule(platform, orgId, { data });
    const kept = await insertRule(platform, orgId, { data });
    await evaluate([runOf(orgId, sensorId, 'temperature', [[T, 20]])]);
    // Deleted behind the node's back: its rule index still holds the rule.
    await platform.deps.db.deleteFrom('alert_rules').where('id', '=', gone).execute();
    await evaluate([runOf(orgId, sensorId, 'temperature', [[T + 1_000, 90]])]);
    expect((await alertsOf(platform.deps.db, kept)).map((a) => a.value)).toEqual([90]);
    expect(await stateOf(platform.deps.db, gone, sensorId)).toBeUndefined();
  });
});

describe('scope', () => {
  it('a rule over a sensor type covers a sensor of it (or of a sub-type) created after the rule', async () => {
    const line = await plant();
    const ruleId = await insertRule(platform, orgId, {
      grouping: 'sensor',
      data: {
        scope: { kind: 'sensor_type', type_id: line.typeId },
        condition: { op: 'gt', param: 'temperature', value: 80 },
      },
    });
    await evaluate([runOf(orgId, line.sensorId, 'temperature', [[T, 70]])]);
    const later = await line.addSensor('Bearing added later');
    const client = entityManagerClient(platform, orgId, token);
    const subType = await client.post('/sensor_types', {
      name: `Big bearing ${count}`,
      parent_type_id: line.typeId,
    });
    expect(subType.statusCode).toBe(201);
    const big = await line.addSensor('Big bearing', { typeId: subType.json().id });
    const elsewhere = await createEntity(client, line.projectId, 'sensor', {
      name: 'Other',
      type_id: (await plant()).typeId,
    });
    await evaluate([
      runOf(orgId, later, 'temperature', [[T + 1_000, 85]]),
      runOf(orgId, big, 'temperature', [[T + 1_000, 86]]),
      runOf(orgId, elsewhere, 'temperature', [[T + 1_000, 99]]),
    ]);
    const alerts = await alertsOf(platform.deps.db, ruleId);
    expect(alerts.map((a) => a.entity_id).sort()).toEqual([later, big].sort());
  });

  it('a rule over an asset covers the sensors under it, as one alert when grouped by asset', async () => {
    const line = await plant();
    const second = await line.addSensor('Second bearing');
    const loose = await line.addSensor('Loose', { parentId: null });
    const ruleId = await insertRule(platform, orgId, {
      grouping: 'asset',
      data: {
        scope: { kind: 'asset', asset_id: line.assetId },
        condition: { op: 'gt', param: 'temperature', value: 80 },
      },
    });
    await evaluate([
      runOf(orgId, line.sensorId, 'temperature', [[T, 85]]),
      runOf(orgId, second, 'temperature', [[T, 86]]),
      runOf(orgId, loose, 'temperature', [[T, 99]]),
    ]);
    const alerts = await alertsOf(platform.deps.db, ruleId);
    expect(alerts.map((a) => a.dedupe_key)).toEqual([`rule:${ruleId}:asset:${line.assetId}`]);
    // One sensor back: the asset's alert stays while the other still fires.
    await evaluate([runOf(orgId, line.sensorId, 'temperature', [[T + 1_000, 20]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.status)).toEqual(['active']);
    await evaluate([runOf(orgId, second, 'temperature', [[T + 1_000, 20]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.status)).toEqual(['cleared']);
  });
});

describe('silence', () => {
  it('"no data for 5 min" fires from the staleness job once the sensor has been quiet that long', async () => {
    const { sensorId } = await plant();
    const ruleId = await insertRule(platform, orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'no_data', param: 'temperature', for_s: 300 },
      },
    });
    await new TelemetryWriter(platform.deps.db).write([
      { orgId, sensorId, paramKey: 'temperature', ts: new Date(T), value: 50 },
    ]);
    await checkSilence(platform.deps, new Date(T + 299_000));
    expect(await alertsOf(platform.deps.db, ruleId)).toHaveLength(0);
    await checkSilence(platform.deps, new Date(T + 300_000));
    const [alert] = await alertsOf(platform.deps.db, ruleId);
    expect(alert).toMatchObject({ status: 'active', threshold: 'no temperature for 5 min' });
    // A reading clears it.
    await evaluate([runOf(orgId, sensorId, 'temperature', [[T + 400_000, 51]])]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.status)).toEqual(['cleared']);
  });
});
