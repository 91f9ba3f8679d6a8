/**
 * Silences: created on a rule, an asset or a sensor with what they match in words, refused when they
 * name another organization's thing, deleted; and which alerts a silence covers when notifications ask.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { errorPaths } from '../../entityManager/testSupport';
import { demoAdmin, projectWithSensors } from '../../iotManager/testSupport';
import { type AlertClient, alertClient, createRule, raiseTestAlert, ruleBody } from '../testSupport';
import { activeSilenceFor } from './match';

let platform: TestPlatform;
let orgId: string;
let api: AlertClient;
let plant: Awaited<ReturnType<typeof projectWithSensors>>;

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoAdmin(platform);
  orgId = admin.orgId;
  api = alertClient(platform, orgId, admin.token);
  plant = await projectWithSensors(platform, orgId, admin.token, 'Silenced plant');
});
afterAll(() => platform.close());

const hour = 3_600_000;
const window = (fromMs: number, toMs: number) => ({
  starts_at: new Date(Date.now() + fromMs).toISOString(),
  ends_at: new Date(Date.now() + toMs).toISOString(),
});

describe('silences', () => {
  it('creates silences with what they match in words, lists and deletes them', async () => {
    const rule = await createRule(
      api,
      ruleBody({ kind: 'sensor', sensor_id: plant.boiler }, { rule_name: 'Boiler hot' }),
    );
    const onRule = await api.post('/silences', {
      matcher: { kind: 'rule', rule_id: rule.id },
      ...window(0, hour),
    });
    expect(onRule.statusCode).toBe(201);
    expect(onRule.json()).toMatchObject({
      label: 'Rule Boiler hot',
      comment: '',
      created_by: { name: expect.any(String) },
    });
    const onAsset = await api.post('/silences', {
      matcher: { kind: 'asset', asset_id: plant.line },
      comment: 'Shutdown',
      ...window(0, 2 * hour),
    });
    expect(onAsset.json()).toMatchObject({ label: 'Everything under Line 1', comment: 'Shutdown' });
    const logged = (await activityOf(platform.deps.db, orgId)).at(-1);
    expect(logged).toMatchObject({ app: 'alerts', action: 'created', entity_id: onAsset.json().id });
    expect(logged?.summary).toMatch(/^Silenced alerts of Everything under Line 1 from /);
    const onSensor = await api.post('/silences', {
      matcher: { kind: 'sensor', sensor_id: plant.pump },
      ...window(0, hour),
    });
    expect(onSensor.json().label).toBe('Sensor Pump');

    const list = (await api.get('/silences')).json();
    expect(list.total_entries).toBe(3);
    expect(list.silences[0].id).toBe(onAsset.json().id);

    const gone = await api.delete(`/silences/${onSensor.json().id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await api.delete(`/silences/${onSensor.json().id}`)).statusCode).toBe(404);
    expect((await api.get('/silences')).json().total_entries).toBe(2);
    for (const id of [onRule.json().id, onAsset.json().id]) await api.delete(`/silences/${id}`);
  });

  it('refuses a matcher not of the organization or of the wrong kind, and a window ending first', async () => {
    const unknown = await api.post('/silences', {
      matcher: { kind: 'sensor', sensor_id: randomUUID() },
      ...window(0, hour),
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorPaths(unknown)).toEqual(['body.matcher.sensor_id']);
    const asset = await api.post('/silences', {
      matcher: { kind: 'asset', asset_id: plant.pump },
      ...window(0, hour),
    });
    expect(errorPaths(asset)).toEqual(['body.matcher.asset_id']);
    const backwards = await api.post('/silences', {
      matcher: { kind: 'sensor', sensor_id: plant.pump },
      ...window(hour, 0),
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorPaths(backwards)).toEqual(['body.ends_at']);
    expect((await api.get('/silences')).json().total_entries).toBe(0);
  });

  it('covers an alert by its rule, its sensor or an asset above it, only within the window', async () => {
    const rule = await createRule(
      api,
      ruleBody({ kind: 'sensor', sensor_id: plant.pump }, { param: 'flow' }),
    );
    const boiler = { kind: 'sensor' as const, id: plant.boiler, name: 'Boiler', path: 'Line 1' };
    const pump = { kind: 'sensor' as const, id: plant.pump, name: 'Pump', path: 'Line 1' };
    const boilerAlert = await raiseTestAlert(platform, orgId, { entity: boiler });
    const pumpAlert = await raiseTestAlert(platform, orgId, { entity: pump, ruleId: rule.id });
    const now = new Date();
    const db = platform.deps.db;
    expect(await activeSilenceFor(db, boilerAlert, now)).toBeNull();

    const byAsset = (
      await api.post('/silences', {
        matcher: { kind: 'asset', asset_id: plant.line },
        ...window(-hour, hour),
      })
    ).json();
    expect((await activeSilenceFor(db, boilerAlert, now))?.id).toBe(byAsset.id);
    expect(await activeSilenceFor(db, boilerAlert, new Date(Date.now() + 2 * hour))).toBeNull();
    await api.delete(`/silences/${byAsset.id}`);

    const byRule = (
      await api.post('/silences', { matcher: { kind: 'rule', rule_id: rule.id }, ...window(-hour, hour) })
    ).json();
    expect((await activeSilenceFor(db, pumpAlert, now))?.id).toBe(byRule.id);
    expect(await activeSilenceFor(db, boilerAlert, now)).toBeNull();
    await api.delete(`/silences/${byRule.id}`);

    const bySensor = (
      await api.post('/silences', {
        matcher: { kind: 'sensor', sensor_id: plant.boiler },
        ...window(-hour, hour),
      })
    ).json();
    expect((await activeSilenceFor(db, boilerAlert, now))?.id).toBe(bySensor.id);
    expect(await activeSilenceFor(db, pumpAlert, now)).toBeNull();
  });
});
