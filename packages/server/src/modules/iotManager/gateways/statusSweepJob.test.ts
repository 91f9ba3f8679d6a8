/**
 * The gateway status sweep: a gateway silent past its heartbeat timeout is announced offline once per
 * silence, however many sweeps run (one after another or at the same moment, as two nodes may), and
 * again only after it was heard from and fell silent anew.
 */
import { SOCKET_EVENTS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import { captureEvents, createGateway, demoAdmin, gatewayBody, type IotClient } from '../testSupport';
import { announceGatewaysGoneOffline } from './statusSweepJob';

let platform: TestPlatform;
let iot: IotClient;
let projectId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  let orgId: string;
  ({ orgId, iot } = await demoAdmin(platform));
  projectId = await addProject(platform, orgId, 'Swept plant');
});
afterAll(() => platform.close());

/** A gateway with a 30 s heartbeat timeout, last heard `agoMs` before now. */
async function gatewayHeard(name: string, agoMs: number): Promise<string> {
  const { id } = (await createGateway(iot, projectId, gatewayBody(name, { heartbeat_timeout_s: 30 })))
    .gateway;
  await hear(id, agoMs);
  return id;
}

async function hear(id: string, agoMs: number): Promise<void> {
  await platform.deps.db
    .updateTable('gateways')
    .set({ last_seen_at: new Date(Date.now() - agoMs) })
    .where('id', '=', id)
    .execute();
}

async function offlineLines(id: string): Promise<string[]> {
  await platform.deps.gatewayLogs.flush();
  return (await iot.get(`/gateways/${id}/logs`))
    .json()
    .logs.map((line: { message: string }) => line.message)
    .filter((message: string) => message.startsWith('Offline: nothing heard since'));
}

const sweep = () => announceGatewaysGoneOffline(platform.deps, new Date());

describe('the gateway status sweep', () => {
  it('announces a silent gateway offline once, however many sweeps run and however they overlap', async () => {
    const silent = await gatewayHeard('Went quiet', 40_000);
    const heard = await gatewayHeard('Still talking', 10_000);
    const capture = captureEvents(platform);
    await Promise.all([sweep(), sweep(), sweep()]);
    await sweep();
    capture.stop();
    const lastSeen = (await iot.get(`/gateways/${silent}`)).json().last_seen_at;
    expect(await offlineLines(silent)).toEqual([`Offline: nothing heard since ${lastSeen}`]);
    expect(await offlineLines(heard)).toEqual([]);
    const offline = capture.events.filter(([, event]) => event === SOCKET_EVENTS.gatewayStatus);
    // Once to the gateway's own room and once to its project's.
    expect(offline.map(([, , payload]) => payload)).toEqual([
      { gateway_id: silent, status: 'offline', last_seen_at: lastSeen },
      { gateway_id: silent, status: 'offline', last_seen_at: lastSeen },
    ]);
  });

  it('waits a moment past the timeout for sightings other nodes have not written yet', async () => {
    const borderline = await gatewayHeard('Just timed out', 30_500);
    expect(await sweep()).toBe(0);
    await hear(borderline, 32_500);
    expect(await sweep()).toBe(1);
  });

  it('announces a gateway again once it was heard from and fell silent anew', async () => {
    const flaky = await gatewayHeard('Flaky link', 45_000);
    await sweep();
    await hear(flaky, 35_000);
    await sweep();
    await sweep();
    expect(await offlineLines(flaky)).toHaveLength(2);
  });

  it('raises a major alert for a gateway gone offline, once, and clears it when the gateway is heard again', async () => {
    const created = await createGateway(
      iot,
      projectId,
      gatewayBody('Roof gateway', { type: 'HTTPS', protocol: 'HTTP', heartbeat_timeout_s: 30 }),
    );
    const id = created.gateway.id;
    await hear(id, 40_000);
    await Promise.all([sweep(), sweep()]);
    const alertsOf = () =>
      platform.deps.db
        .selectFrom('alerts')
        .select(['status', 'severity', 'app', 'description', 'entity_kind', 'entity_name', 'entity_path'])
        .where('entity_id', '=', id)
        .execute();
    const lastSeen = (await iot.get(`/gateways/${id}`)).json().last_seen_at;
    expect(await alertsOf()).toEqual([
      {
        status: 'active',
        severity: 'major',
        app: 'iotManager',
        description: `Gateway Roof gateway is offline: nothing heard since ${lastSeen}`,
        entity_kind: 'gateway',
        entity_name: 'Roof gateway',
        entity_path: 'Swept plant',
      },
    ]);
    // The node that hears it next sees it offline (its directory knows the old sighting) and clears the alert.
    const heartbeat = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${id}/heartbeat`,
      headers: { authorization: `Bearer ${created.access_token}` },
    });
    expect(heartbeat.statusCode).toBe(204);
    await expect.poll(async () => (await alertsOf()).map((alert) => alert.status)).toEqual(['cleared']);
    const events = await platform.deps.db
      .selectFrom('alert_events as e')
      .innerJoin('alerts as a', 'a.id', 'e.alert_id')
      .select(['e.kind', 'e.text'])
      .where('a.entity_id', '=', id)
      .orderBy('e.id')
      .execute();
    expect(events.map((event) => [event.kind, event.text])).toEqual([
      ['fired', `Gateway Roof gateway is offline: nothing heard since ${lastSeen}`],
      ['cleared', 'back online'],
    ]);
  });

  it('leaves archived gateways and gateways never heard from alone', async () => {
    const archived = await gatewayHeard('Retired', 60_000);
    expect((await iot.post(`/gateways/${archived}/archive`)).statusCode).toBe(200);
    const never = (await createGateway(iot, projectId, gatewayBody('Never heard'))).gateway.id;
    await sweep();
    expect(await offlineLines(archived)).toEqual([]);
    expect(await offlineLines(never)).toEqual([]);
  });
});
