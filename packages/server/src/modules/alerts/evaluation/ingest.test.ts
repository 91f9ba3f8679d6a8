/**
 * The whole path in one process: a device's readings through HTTPS ingest, stored, handed to the Alerts
 * module's subscriber, and the alert row a user sees, fired at the reading's own time and cleared when
 * the device reports a normal value again; a rule of another organization never fires on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrgId } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type GatewayFixture, gatewayFixture } from '../../iotManager/ingest/testSupport';
import { alertsOf, insertRule } from './testSupport';

let platform: TestPlatform;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform();
  gw = await gatewayFixture(platform, { protocol: 'HTTP', timestamp: { field: 'ts', format: 'epoch_ms' } });
});
afterAll(() => platform.close());

async function send(readings: object[]): Promise<void> {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/api/ingest/${gw.gatewayId}`,
    headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(readings),
  });
  expect(response.statusCode).toBe(200);
  await platform.deps.ingest.flush();
}

describe('readings through ingest', () => {
  it('raise the alert at the data point past the threshold and clear it when back', async () => {
    const ruleId = await insertRule(platform, gw.orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: gw.sensorId },
        condition: { op: 'gt', param: 'temperature', value: 30 },
      },
    });
    // The demo organization's rule names this sensor too (by id): it belongs to another organization.
    const foreignRule = await insertRule(platform, await demoOrgId(platform.deps.db), {
      data: {
        scope: { kind: 'sensor', sensor_id: gw.sensorId },
        condition: { op: 'gt', param: 'temperature', value: 30 },
      },
    });
    const t0 = Date.UTC(2026, 10, 20, 8, 0, 0);
    await send([
      { ts: t0, temp: 21.5 },
      { ts: t0 + 1_000, temp: 31.5 },
      { ts: t0 + 2_000, temp: 33 },
    ]);
    const [alert, ...more] = await alertsOf(platform.deps.db, ruleId);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ status: 'active', value: 31.5, entity_path: 'Line 1 / Climate 1' });
    expect(new Date(alert?.triggered_at as Date).getTime()).toBe(t0 + 1_000);
    await send([{ ts: t0 + 3_000, temp: 25 }]);
    expect((await alertsOf(platform.deps.db, ruleId)).map((a) => a.status)).toEqual(['cleared']);
    expect(await alertsOf(platform.deps.db, foreignRule)).toEqual([]);
  });
});
