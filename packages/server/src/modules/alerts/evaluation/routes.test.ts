/**
 * The rule editor's preview and backtest calls, as a user sees them: the covered sensors' latest values
 * and whether the condition holds; when the rule would have fired and cleared over the history; and
 * another organization's sensors, types and assets refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { demoOrgId } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin } from '../../entityManager/testSupport';
import { type AlertClient, alertClient } from '../testSupport';
import { buildPlant, type Plant } from './testSupport';

let platform: TestPlatform;
let orgId: string;
let client: AlertClient;
let line: Plant;
let other: { orgId: string; token: string; client: AlertClient; line: Plant };
const MIN = 60_000;
/** The history's minutes: 3 h ago to 1 h ago, 70 °C but 85 °C from 2 h ago for 30 minutes. */
const now = Math.floor(Date.now() / MIN) * MIN;
const hotFrom = now - 120 * MIN;
const hotTo = now - 90 * MIN;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
  const token = (await signInToOrg(platform.app)).access_token;
  client = alertClient(platform, orgId, token);
  line = await buildPlant(platform, orgId, token, 'Preview');
  const points = [];
  for (let ts = now - 180 * MIN; ts <= now - 60 * MIN; ts += MIN)
    points.push({
      orgId,
      sensorId: line.sensorId,
      paramKey: 'temperature',
      ts: new Date(ts),
      value: ts >= hotFrom && ts < hotTo ? 85 : 70,
    });
  await new TelemetryWriter(platform.deps.db).write(points);
  const otherOrg = await addOrgWithAdmin(platform, 'preview-rivals', ['entityManager', 'alerts']);
  other = {
    ...otherOrg,
    client: alertClient(platform, otherOrg.orgId, otherOrg.token),
    line: await buildPlant(platform, otherOrg.orgId, otherOrg.token, 'Rival'),
  };
});
afterAll(() => platform.close());

const hot = { op: 'gt', param: 'temperature', value: 80 } as const;

describe('preview', () => {
  it("shows each covered sensor's latest values and whether the condition holds", async () => {
    const cool = await client.post('/rules/preview', {
      data: {
        scope: { kind: 'sensor_type', type_id: line.typeId },
        condition: { op: 'lt', param: 'temperature', value: 75 },
      },
    });
    expect(cool.statusCode).toBe(200);
    expect(cool.json()).toEqual({
      covered_sensors: 1,
      sensors: [
        {
          sensor_id: line.sensorId,
          sensor_name: 'Bearing Preview',
          asset_path: 'Line Preview / P-Preview',
          values: { temperature: { value: 70, ts: new Date(now - 60 * MIN).toISOString() } },
          matches: true,
        },
      ],
    });
    const answers = async (condition: object) =>
      (
        await client.post('/rules/preview', {
          data: { scope: { kind: 'asset', asset_id: line.assetId }, condition },
        })
      ).json().sensors[0].matches;
    expect(await answers(hot)).toBe(false);
    expect(await answers({ op: 'gt', param: 'vibration', value: 1 })).toBeNull();
  });

  it('names the bad field of a body and an expression that does not parse', async () => {
    const bad = await client.post('/rules/preview', {
      data: {
        scope: { kind: 'sensor', sensor_id: line.sensorId },
        condition: { op: 'gt', param: 'temperature' },
      },
    });
    expect(bad.statusCode).toBe(400);
    const expression = await client.post('/rules/preview', {
      data: {
        scope: { kind: 'sensor', sensor_id: line.sensorId },
        condition: { op: 'expression', expression: 'temperature >' },
      },
    });
    expect(expression.statusCode).toBe(422);
    expect(expression.json().errors[0].path).toBe('body.data.condition');
  });
});

describe('backtest', () => {
  it('replays the history through the pending duration and the clear condition', async () => {
    const response = await client.post('/rules/backtest', {
      days: 1,
      data: { scope: { kind: 'sensor', sensor_id: line.sensorId }, condition: hot, for_s: 600 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.firings).toEqual([
      {
        sensor_id: line.sensorId,
        sensor_name: 'Bearing Preview',
        fired_at: new Date(hotFrom + 10 * MIN).toISOString(),
        cleared_at: new Date(hotTo).toISOString(),
        value: 85,
      },
    ]);
    expect(body.sensors).toEqual([{ sensor_id: line.sensorId, sensor_name: 'Bearing Preview', firings: 1 }]);
    expect(body.evaluated_points).toBe(121);
    // Held for 40 minutes: never.
    const longer = await client.post('/rules/backtest', {
      days: 1,
      data: { scope: { kind: 'sensor', sensor_id: line.sensorId }, condition: hot, for_s: 2_400 },
    });
    expect(longer.json().firings).toEqual([]);
  });
});

describe('another organization', () => {
  it("cannot preview or backtest this organization's sensors, types or assets", async () => {
    const scopes = [
      { kind: 'sensor', sensor_id: line.sensorId },
      { kind: 'sensor_type', type_id: line.typeId },
      { kind: 'asset', asset_id: line.assetId },
    ];
    for (const scope of scopes) {
      const preview = await other.client.post('/rules/preview', { data: { scope, condition: hot } });
      expect(preview.statusCode).toBe(422);
      expect(preview.json().errors[0].path).toMatch(/^body\.data\.scope\./);
      const backtest = await other.client.post('/rules/backtest', { data: { scope, condition: hot } });
      expect(backtest.statusCode).toBe(422);
    }
    // Nor call them under this organization's address.
    const foreign = alertClient(platform, orgId, other.token);
    const refused = await foreign.post('/rules/preview', {
      data: { scope: { kind: 'sensor', sensor_id: other.line.sensorId }, condition: hot },
    });
    expect([403, 404]).toContain(refused.statusCode);
    // Its own sensors answer.
    const own = await other.client.post('/rules/preview', {
      data: { scope: { kind: 'sensor', sensor_id: other.line.sensorId }, condition: hot },
    });
    expect(own.json()).toMatchObject({
      covered_sensors: 1,
      sensors: [{ sensor_name: 'Bearing Rival', matches: null }],
    });
  });
});
