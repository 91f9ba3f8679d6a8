/**
 * The §7 alert calls as a person uses them: the lifecycle's steps and its refusals, list filters, paging
 * and tabs, comments, assignment, snooze, bulk acknowledge, the timeline, summary, marks and delete.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_SOCKET_EVENTS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addPerson, tokenOf } from '../../entityManager/testSupport';
import { captureEvents } from '../../iotManager/testSupport';
import { orgAlertsRoom } from '../shared';
import { type AlertClient, alertClient, raiseTestAlert } from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let api: AlertClient;

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await addOrgWithAdmin(platform, `alerts-${randomUUID().slice(0, 6)}`, ['alerts']);
  orgId = admin.orgId;
  api = alertClient(platform, orgId, admin.token);
});
afterAll(() => platform.close());

const sensor = (name: string) => ({
  kind: 'sensor' as const,
  id: randomUUID(),
  name,
  path: 'Plant / Hall A',
});

async function kinds(id: string): Promise<string[]> {
  const timeline = (await api.get(`/alert/${id}/timeline`)).json();
  return timeline.events.map((event: { kind: string }) => event.kind);
}

describe('the alert lifecycle', () => {
  it('steps active → acknowledged → cleared → active again → resolved, refusing illegal steps', async () => {
    const { id } = await raiseTestAlert(platform, orgId);
    const capture = captureEvents(platform);
    const acked = await api.post(`/alert/${id}/acknowledge`);
    capture.stop();
    expect(acked.statusCode).toBe(200);
    // The organization's room hears the change at once, as the list shows it.
    expect(capture.events.filter(([, event]) => event === ALERT_SOCKET_EVENTS.changed)).toEqual([
      [orgAlertsRoom(orgId), ALERT_SOCKET_EVENTS.changed, acked.json()],
    ]);
    expect(acked.json()).toMatchObject({
      status: 'acknowledged',
      acknowledged_by: { name: expect.any(String) },
    });
    expect(acked.json().acknowledged_at).not.toBeNull();

    const again = await api.post(`/alert/${id}/acknowledge`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('The alert is already acknowledged');

    expect((await api.post(`/alert/${id}/clear`)).json().status).toBe('cleared');
    expect((await api.post(`/alert/${id}/acknowledge`)).statusCode).toBe(409);
    const reopened = await api.put(`/alert/${id}`, { status: 'active' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'active', cleared_at: null });
    expect((await api.post(`/alert/${id}/resolve`)).json().status).toBe('resolved');
    const late = await api.post(`/alert/${id}/clear`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/this one is resolved/);
    expect((await api.put(`/alert/${id}`, { status: 'active' })).statusCode).toBe(409);
    expect(await kinds(id)).toEqual(['fired', 'acknowledged', 'cleared', 'reopened', 'resolved']);
    const timeline = (await api.get(`/alert/${id}/timeline`)).json();
    expect(timeline.events[1].actor).toMatchObject({ name: expect.any(String) });
    expect(timeline.notifications).toEqual([]);
  });

  it('will not reopen a cleared alert while another is open for the same thing', async () => {
    const key = `dup:${randomUUID()}`;
    const first = await raiseTestAlert(platform, orgId, { dedupeKey: key });
    await api.post(`/alert/${first.id}/clear`);
    await raiseTestAlert(platform, orgId, { dedupeKey: key });
    const reopen = await api.put(`/alert/${first.id}`, { status: 'active' });
    expect(reopen.statusCode).toBe(409);
    expect((await api.get(`/alert/${first.id}`)).json().status).toBe('cleared');
  });

  it('comments, assigns to a member, refuses a stranger, snoozes and wakes', async () => {
    const { id } = await raiseTestAlert(platform, orgId);
    const commented = await api.post(`/alert/${id}/comments`, { text: 'Technician on the way' });
    expect(commented.statusCode).toBe(201);
    expect(commented.json().comments).toBe(1);
    expect((await api.post(`/alert/${id}/comments`, { text: '' })).statusCode).toBe(400);

    const member = await addPerson(platform, orgId, { email: `tech-${randomUUID().slice(0, 6)}@plant.io` });
    const assigned = await api.put(`/alert/${id}`, { assignee_id: member });
    expect(assigned.json().assignee).toEqual({ id: member, name: expect.stringMatching(/^tech-/) });
    const stranger = await api.put(`/alert/${id}`, { assignee_id: randomUUID() });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.assignee_id']);

    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api.put(`/alert/${id}`, { snoozed_until: until })).json().snoozed_until).toBe(until);
    expect((await api.put(`/alert/${id}`, { snoozed_until: null })).json().snoozed_until).toBeNull();
    expect((await api.put(`/alert/${id}`, {})).statusCode).toBe(400);
    expect(await kinds(id)).toEqual(['fired', 'comment', 'assigned', 'snoozed', 'snoozed']);
  });

  it('acknowledges several at once, leaving those no longer active alone', async () => {
    const a = await raiseTestAlert(platform, orgId);
    const b = await raiseTestAlert(platform, orgId);
    const c = await raiseTestAlert(platform, orgId);
    await api.post(`/alert/${c.id}/clear`);
    const bulk = await api.post('/alert/acknowledge', { ids: [a.id, b.id, c.id, randomUUID()] });
    expect(bulk.json()).toEqual({ changed: 2 });
    for (const [id, status] of [
      [a.id, 'acknowledged'],
      [b.id, 'acknowledged'],
      [c.id, 'cleared'],
    ])
      expect((await api.get(`/alert/${id}`)).json().status).toBe(status);
    expect((await api.post('/alert/acknowledge', { ids: [] })).statusCode).toBe(400);
  });

  it('deletes an alert', async () => {
    const { id } = await raiseTestAlert(platform, orgId);
    expect((await api.delete(`/alert/${id}`)).statusCode).toBe(204);
    expect((await api.get(`/alert/${id}`)).statusCode).toBe(404);
    expect((await api.post(`/alert/${id}/acknowledge`)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets a member with the Alerts app read alerts but not acknowledge, delete or write rules', async () => {
    const email = `viewer-${randomUUID().slice(0, 6)}@plant.io`;
    await addPerson(platform, orgId, { email, apps: ['alerts'] });
    const viewer = alertClient(platform, orgId, await tokenOf(platform, email));
    const { id } = await raiseTestAlert(platform, orgId);
    const list = await viewer.get('/alert');
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual(['alerts.view']);
    expect((await viewer.get(`/alert/${id}`)).json().status).toBe('active');
    expect((await viewer.get(`/alert/${id}/timeline`)).statusCode).toBe(200);
    expect((await viewer.post(`/alert/${id}/acknowledge`)).statusCode).toBe(403);
    expect((await viewer.put(`/alert/${id}`, { archived: true })).statusCode).toBe(403);
    expect((await viewer.post(`/alert/${id}/comments`, { text: 'hi' })).statusCode).toBe(403);
    expect((await viewer.delete(`/alert/${id}`)).statusCode).toBe(403);
    expect(
      (await viewer.post('/rules/import', { format: 'ferrite.alert-rules/1', rules: [] })).statusCode,
    ).toBe(403);
    expect((await api.get(`/alert/${id}`)).json()).toMatchObject({
      status: 'active',
      archived: false,
      comments: 0,
    });
  });

  it("lists the caller's own alerts (assigned or told in-app) and shows notifications on the timeline", async () => {
    const email = `own-${randomUUID().slice(0, 6)}@plant.io`;
    const userId = await addPerson(platform, orgId, { email, apps: ['alerts'] });
    const mine = alertClient(platform, orgId, await tokenOf(platform, email));
    const assigned = await raiseTestAlert(platform, orgId);
    const told = await raiseTestAlert(platform, orgId);
    await raiseTestAlert(platform, orgId);
    await api.put(`/alert/${assigned.id}`, { assignee_id: userId });
    await platform.deps.db
      .insertInto('alert_notifications')
      .values({
        org_id: orgId,
        alert_id: told.id,
        medium: 'in_app',
        recipient: email,
        user_id: userId,
        status: 'sent',
      })
      .execute();
    const page = (await mine.get('/alert', { mine: true })).json();
    expect(page.alerts.map((a: { id: string }) => a.id).sort()).toEqual([assigned.id, told.id].sort());
    const timeline = (await mine.get(`/alert/${told.id}/timeline`)).json();
    expect(timeline.notifications).toEqual([
      expect.objectContaining({ medium: 'in_app', recipient: email, status: 'sent', round: 0, step: 0 }),
    ]);
  });
});

describe('the alert list', () => {
  it('filters, pages and counts the Active and Archived tabs', async () => {
    const fresh = await addOrgWithAdmin(platform, `list-${randomUUID().slice(0, 6)}`, ['alerts']);
    const list = alertClient(platform, fresh.orgId, fresh.token);
    const pump = sensor('Pump');
    const critical = await raiseTestAlert(platform, fresh.orgId, { severity: 'critical', entity: pump });
    const minor = await raiseTestAlert(platform, fresh.orgId, { severity: 'minor', description: 'Fan slow' });
    const old = await raiseTestAlert(platform, fresh.orgId, {
      severity: 'minor',
      app: 'iotManager',
      firedAt: new Date(Date.now() - 86_400_000),
    });
    await list.put(`/alert/${old.id}`, { archived: true });

    const active = (await list.get('/alert')).json();
    expect(active.alerts.map((a: { id: string }) => a.id)).toEqual([minor.id, critical.id]);
    expect(active).toMatchObject({ total_entries: 2, counts: { active: 2, archived: 1 } });
    expect(active.abilities).toContain('alerts.acknowledge');
    const archived = (await list.get('/alert', { is_archived: true })).json();
    expect(archived.alerts.map((a: { id: string }) => a.id)).toEqual([old.id]);
    expect(archived.alerts[0]).toMatchObject({ archived: true, app: 'iotManager' });

    const paged = (await list.get('/alert', { page_size: 1, page_number: 2 })).json();
    expect(paged.alerts.map((a: { id: string }) => a.id)).toEqual([critical.id]);
    expect(paged.total_entries).toBe(2);

    const bySeverity = (await list.get('/alert', { severity: 'critical,major' })).json();
    expect(bySeverity.alerts.map((a: { id: string }) => a.id)).toEqual([critical.id]);
    expect(bySeverity.counts).toEqual({ active: 1, archived: 0 });
    expect((await list.get('/alert', { entity_id: pump.id })).json().total_entries).toBe(1);
    expect((await list.get('/alert', { search: 'fan' })).json().alerts[0].id).toBe(minor.id);
    await list.post(`/alert/${minor.id}/acknowledge`);
    expect((await list.get('/alert', { status: 'acknowledged' })).json().alerts[0].id).toBe(minor.id);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    expect((await list.get('/alert', { from: since, is_archived: true })).json().total_entries).toBe(0);
    const bad = await list.get('/alert', { status: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/status/);
  });

  it('summarizes open alerts and marks the alerts of sensors on their data point', async () => {
    const fresh = await addOrgWithAdmin(platform, `sum-${randomUUID().slice(0, 6)}`, ['alerts']);
    const home = alertClient(platform, fresh.orgId, fresh.token);
    const boiler = sensor('Boiler');
    const at = new Date(Date.now() - 600_000);
    const hot = await raiseTestAlert(platform, fresh.orgId, {
      severity: 'critical',
      entity: boiler,
      paramKey: 'temperature',
      value: 91,
      triggeredAt: at,
    });
    const acked = await raiseTestAlert(platform, fresh.orgId, { severity: 'warning' });
    await home.post(`/alert/${acked.id}/acknowledge`);
    const summary = (await home.get('/summary')).json();
    expect(summary.by_severity).toEqual({ critical: 1, major: 0, minor: 0, warning: 1, info: 0 });
    expect(summary.by_status).toEqual({ active: 1, acknowledged: 1, cleared: 0, resolved: 0 });
    expect(summary.recent).toHaveLength(2);
    expect(summary.fired_per_hour).toHaveLength(24);
    expect(summary.fired_per_hour.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(2);

    const window = { from: new Date(at.getTime() - 60_000).toISOString(), to: new Date().toISOString() };
    const marks = (
      await home.get('/marks', { sensor_ids: `${boiler.id},${randomUUID()}`, ...window })
    ).json();
    expect(marks.marks).toEqual([
      expect.objectContaining({ id: hot.id, sensor_id: boiler.id, param_key: 'temperature', value: 91 }),
    ]);
    const before = { from: new Date(0).toISOString(), to: new Date(at.getTime() - 1).toISOString() };
    expect((await home.get('/marks', { sensor_ids: boiler.id, ...before })).json().marks).toEqual([]);
  });
});
