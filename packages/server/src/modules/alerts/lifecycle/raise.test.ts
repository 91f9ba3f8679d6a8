/**
 * Raising and clearing: one open alert per key however many raise it at once, the fired and cleared
 * timeline, the live event to the organization's room, and the listeners after commit.
 */
import { ALERT_SOCKET_EVENTS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrgId } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { captureEvents } from '../../iotManager/testSupport';
import { orgAlertsRoom } from '../shared';
import { raiseTestAlert } from '../testSupport';
import { alertHooks } from './hooks';
import { type AlertRow, clearAlert, raiseAlert } from './raise';

let platform: TestPlatform;
let orgId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
});
afterAll(() => platform.close());

const raise = (dedupeKey: string) =>
  raiseAlert(platform.deps, {
    orgId,
    app: 'alerts',
    dedupeKey,
    severity: 'critical',
    description: 'Boiler pressure 9.1 > 7.5',
  });

async function eventsOf(alertId: string) {
  return platform.deps.db
    .selectFrom('alert_events')
    .select(['kind', 'text'])
    .where('alert_id', '=', alertId)
    .orderBy('id')
    .execute();
}

describe('raising an alert', () => {
  it('creates one open alert when several raise the same key at once, and announces it once', async () => {
    const fired: AlertRow[] = [];
    const stop = alertHooks.onFired(async (_deps, alert) => {
      fired.push(alert);
    });
    const capture = captureEvents(platform);
    const results = await Promise.all([raise('boiler-1'), raise('boiler-1'), raise('boiler-1')]);
    capture.stop();
    stop();
    expect(results.filter((result) => result?.created)).toHaveLength(1);
    const ids = new Set(results.map((result) => result?.alert.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const stored = await platform.deps.db
      .selectFrom('alerts')
      .select(['id', 'status'])
      .where('org_id', '=', orgId)
      .where('dedupe_key', '=', 'boiler-1')
      .execute();
    expect(stored).toEqual([{ id, status: 'active' }]);
    expect(await eventsOf(id as string)).toEqual([{ kind: 'fired', text: 'Boiler pressure 9.1 > 7.5' }]);
    expect(fired.map((alert) => alert.id)).toEqual([id]);
    const announced = capture.events.filter(([, event]) => event === ALERT_SOCKET_EVENTS.changed);
    expect(announced).toHaveLength(1);
    expect(announced[0]?.[0]).toBe(orgAlertsRoom(orgId));
    expect(announced[0]?.[2]).toMatchObject({ id, status: 'active', severity: 'critical', app: 'alerts' });
  });

  it('clears the open alert with its reason, and a later raise opens a new one', async () => {
    const first = await raiseTestAlert(platform, orgId, { dedupeKey: 'pump-7' });
    const cleared: string[] = [];
    const stop = alertHooks.onCleared(async (_deps, alert) => {
      cleared.push(alert.id);
    });
    const clear = await clearAlert(platform.deps, { orgId, dedupeKey: 'pump-7', reason: 'back to 6.2' });
    stop();
    expect(clear?.status).toBe('cleared');
    expect(clear?.cleared_at).not.toBeNull();
    expect(cleared).toEqual([first.id]);
    expect((await eventsOf(first.id)).map((event) => [event.kind, event.text])).toEqual([
      ['fired', 'Boiler temperature 91 > 80'],
      ['cleared', 'back to 6.2'],
    ]);
    expect(await clearAlert(platform.deps, { orgId, dedupeKey: 'pump-7' })).toBeNull();
    const again = await raise('pump-7');
    expect(again?.created).toBe(true);
    expect(again?.alert.id).not.toBe(first.id);
  });

  it('logs a failing listener and still answers the raised alert', async () => {
    const stop = alertHooks.onFired(async () => {
      throw new Error('mail server down');
    });
    const result = await raise('valve-3');
    stop();
    expect(result?.created).toBe(true);
  });
});
