/**
 * Tenant isolation of Alerts: another organization's admin can neither read, change, acknowledge,
 * delete, import into, silence, nor see the marks, summary or inbox of the first organization's rules
 * and alerts, whether they aim at its URLs or pass its ids through their own.
 */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin, errorPaths } from '../entityManager/testSupport';
import { demoAdmin, projectWithSensors } from '../iotManager/testSupport';
import { type AlertClient, alertClient, createRule, raiseTestAlert, ruleBody } from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let intruder: { orgId: string; token: string };
const ids = { rule: '', alert: '', silence: '', sensor: '', asset: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const victim = await demoAdmin(platform);
  victimOrgId = victim.orgId;
  const api = alertClient(platform, victimOrgId, victim.token);
  const plant = await projectWithSensors(platform, victimOrgId, victim.token, 'Secret alerts plant');
  ids.sensor = plant.boiler;
  ids.asset = plant.line;
  ids.rule = (await createRule(api, ruleBody({ kind: 'sensor', sensor_id: plant.boiler }))).id;
  ids.alert = (
    await raiseTestAlert(platform, victimOrgId, {
      ruleId: ids.rule,
      entity: { kind: 'sensor', id: plant.boiler, name: 'Boiler', path: 'Line 1' },
      triggeredAt: new Date(),
      value: 91,
    })
  ).id;
  const now = Date.now();
  ids.silence = (
    await api.post('/silences', {
      matcher: { kind: 'rule', rule_id: ids.rule },
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    })
  ).json().id;
  intruder = await addOrgWithAdmin(platform, 'intruder-alerts', [...APP_KEYS]);
});
afterAll(() => platform.close());

const span = () => ({
  starts_at: new Date().toISOString(),
  ends_at: new Date(Date.now() + 3_600_000).toISOString(),
});
const window = () => ({
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date(Date.now() + 60_000).toISOString(),
});

/** Every route of the module, with bodies an admin of the victim organization could send. */
function routes(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object }[] {
  const a = `/alert/${ids.alert}`;
  const r = `/rules/${ids.rule}`;
  const body = ruleBody({ kind: 'sensor', sensor_id: ids.sensor });
  const marks = new URLSearchParams({ sensor_ids: ids.sensor, ...window() }).toString();
  return [
    { method: 'GET', path: '/alert' },
    { method: 'POST', path: '/alert/acknowledge', payload: { ids: [ids.alert] } },
    { method: 'GET', path: a },
    { method: 'PUT', path: a, payload: { status: 'resolved' } },
    { method: 'POST', path: `${a}/acknowledge` },
    { method: 'POST', path: `${a}/clear` },
    { method: 'POST', path: `${a}/resolve` },
    { method: 'POST', path: `${a}/comments`, payload: { text: 'Mine now' } },
    { method: 'GET', path: `${a}/timeline` },
    { method: 'GET', path: '/summary' },
    { method: 'GET', path: `/marks?${marks}` },
    { method: 'GET', path: '/rules' },
    { method: 'POST', path: '/rules', payload: body },
    { method: 'GET', path: '/rules/export' },
    { method: 'POST', path: '/rules/import', payload: { format: 'ferrite.alert-rules/1', rules: [body] } },
    { method: 'POST', path: '/rules/preview', payload: { data: body.data } },
    { method: 'POST', path: '/rules/backtest', payload: { data: body.data } },
    { method: 'GET', path: r },
    { method: 'PUT', path: r, payload: body },
    { method: 'POST', path: `${r}/archive` },
    { method: 'POST', path: `${r}/unarchive` },
    { method: 'GET', path: '/silences' },
    {
      method: 'POST',
      path: '/silences',
      payload: { matcher: { kind: 'rule', rule_id: ids.rule }, ...span() },
    },
    { method: 'GET', path: '/inbox/unread' },
    { method: 'POST', path: '/inbox/read', payload: {} },
    { method: 'GET', path: '/webhook_key' },
    { method: 'DELETE', path: `/silences/${ids.silence}` },
    { method: 'DELETE', path: r },
    { method: 'DELETE', path: a },
  ];
}

async function victimSnapshot() {
  const db = platform.deps.db;
  const rows = async (
    table: 'alert_rules' | 'alerts' | 'alert_events' | 'alert_silences' | 'alert_notifications',
  ) => db.selectFrom(table).selectAll().where('org_id', '=', victimOrgId).orderBy('id').execute();
  return {
    rules: await rows('alert_rules'),
    alerts: await rows('alerts'),
    events: await rows('alert_events'),
    silences: await rows('alert_silences'),
    notifications: await rows('alert_notifications'),
    activity: (await db.selectFrom('activity').select('id').where('org_id', '=', victimOrgId).execute())
      .length,
  };
}

function call(client: AlertClient, route: ReturnType<typeof routes>[number]) {
  if (route.method === 'GET') return client.get(route.path);
  if (route.method === 'DELETE') return client.delete(route.path);
  if (route.method === 'PUT') return client.put(route.path, route.payload ?? {});
  return client.post(route.path, route.payload);
}

describe('Alerts tenant isolation', () => {
  it("answers 403 to another organization's admin on every route and changes nothing", async () => {
    const before = await victimSnapshot();
    const aimed = alertClient(platform, victimOrgId, intruder.token);
    for (const route of routes()) {
      const response = await call(aimed, route);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
    }
    expect(await victimSnapshot()).toEqual(before);
  });

  it("finds nothing of the other organization through the intruder's own organization", async () => {
    const before = await victimSnapshot();
    const own = alertClient(platform, intruder.orgId, intruder.token);
    const items = routes().filter((route) => /^\/(alert|rules|silences)\/[0-9a-f-]{36}/.test(route.path));
    for (const route of items) {
      const response = await call(own, route);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
    }
    expect((await own.get('/alert')).json()).toMatchObject({ alerts: [], total_entries: 0 });
    expect((await own.get('/rules')).json()).toMatchObject({ rules: [], total_entries: 0 });
    expect((await own.get('/silences')).json()).toMatchObject({ silences: [], total_entries: 0 });
    expect((await own.get('/rules/export')).json().rules).toEqual([]);
    expect((await own.post('/alert/acknowledge', { ids: [ids.alert] })).json()).toEqual({ changed: 0 });
    expect((await own.get('/marks', { sensor_ids: ids.sensor, ...window() })).json()).toEqual({ marks: [] });
    const summary = (await own.get('/summary')).json();
    expect(summary).toMatchObject({ recent: [], rules: { total: 0, enabled: 0 }, active_silences: 0 });
    expect(Object.values(summary.by_status)).toEqual([0, 0, 0, 0]);
    expect((await own.post('/inbox/read', { alert_ids: [ids.alert] })).json()).toEqual({ unread: 0 });

    // The victim's ids are unknown here: field errors, nothing created.
    const rule = await own.post('/rules', ruleBody({ kind: 'asset', asset_id: ids.asset }));
    expect(rule.statusCode).toBe(422);
    expect(errorPaths(rule)).toEqual(['body.data.scope.asset_id']);
    const imported = await own.post('/rules/import', {
      format: 'ferrite.alert-rules/1',
      rules: [ruleBody({ kind: 'sensor', sensor_id: ids.sensor })],
    });
    expect(imported.statusCode).toBe(422);
    expect(errorPaths(imported)).toEqual(['body.rules.0.data.scope.sensor_id']);
    const silence = await own.post('/silences', {
      matcher: { kind: 'rule', rule_id: ids.rule },
      ...span(),
    });
    expect(silence.statusCode).toBe(422);
    expect(errorPaths(silence)).toEqual(['body.matcher.rule_id']);
    expect((await own.get('/rules')).json().total_entries).toBe(0);
    expect(await victimSnapshot()).toEqual(before);
  });
});
