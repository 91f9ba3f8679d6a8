/**
 * Tenant isolation of Stream Logic: another organization's admin can neither list, read, change,
 * delete, validate against, roll back, nor read the versions, activity, gateways or assets of the first
 * organization's project and chains, and cannot name its sensors in a chain of their own.
 */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../entityManager/testSupport';
import { createGateway, iotClient } from '../iotManager/testSupport';
import { createChain, type StreamClient, streamClient, streamTenant, validChain } from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let intruder: StreamClient;
let intruderProject: string;
const ids = { project: '', chain: '', sensor: '', pump: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const victim = await streamTenant(platform, 'Secret stream plant');
  victimOrgId = victim.orgId;
  ids.project = victim.projectId;
  ids.sensor = victim.boiler;
  ids.pump = victim.pump;
  const chain = await createChain(
    victim.stream,
    victim.projectId,
    validChain(victim.boiler, { enabled: true }),
  );
  ids.chain = chain.id;
  await victim.stream.patch(`/${ids.project}/pipelines/${ids.chain}`, {
    revision: 1,
    name: 'Secret chain v2',
  });
  await createGateway(iotClient(platform, victim.orgId, victim.token), victim.projectId, {
    name: 'Secret gateway',
    type: 'MQTT',
    protocol: 'MQTT',
  });
  const other = await addOrgWithAdmin(platform, 'intruder-stream', [...APP_KEYS]);
  intruder = streamClient(platform, other.token);
  intruderProject = await addProject(platform, other.orgId, 'Intruder plant');
});
afterAll(() => platform.close());

/** Every project route of the module, aimed at the victim's project and chain. */
function routes(): { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; payload?: object }[] {
  const p = `/${ids.project}`;
  const c = `${p}/pipelines/${ids.chain}`;
  const body = validChain(ids.sensor);
  return [
    { method: 'GET', path: `${p}/pipelines` },
    { method: 'POST', path: `${p}/pipelines`, payload: body },
    {
      method: 'POST',
      path: `${p}/pipelines/validate`,
      payload: { actions: body.actions, connections: body.connections },
    },
    { method: 'GET', path: c },
    { method: 'PATCH', path: c, payload: { revision: 2, name: 'Mine now' } },
    { method: 'GET', path: `${c}/versions` },
    { method: 'GET', path: `${c}/versions/1` },
    { method: 'POST', path: `${c}/versions/1/rollback`, payload: { revision: 2 } },
    { method: 'GET', path: `${p}/activity` },
    { method: 'GET', path: `${p}/gateways` },
    { method: 'GET', path: `${p}/assets` },
    { method: 'DELETE', path: c },
  ];
}

async function victimSnapshot() {
  const db = platform.deps.db;
  return {
    pipelines: await db.selectFrom('pipelines').selectAll().where('org_id', '=', victimOrgId).execute(),
    versions: await db
      .selectFrom('pipeline_versions')
      .select(['pipeline_id', 'revision'])
      .where('org_id', '=', victimOrgId)
      .execute(),
    activity: await db
      .selectFrom('pipeline_activity')
      .select('id')
      .where('org_id', '=', victimOrgId)
      .execute(),
  };
}

function call(client: StreamClient, route: ReturnType<typeof routes>[number]) {
  if (route.method === 'GET') return client.get(route.path);
  if (route.method === 'DELETE') return client.delete(route.path);
  if (route.method === 'PATCH') return client.patch(route.path, route.payload ?? {});
  return client.post(route.path, route.payload);
}

describe('Stream Logic tenant isolation', () => {
  it("answers 404 to another organization's admin on every route of the project and changes nothing", async () => {
    const before = await victimSnapshot();
    for (const route of routes()) {
      const response = await call(intruder, route);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
      expect(response.json().detail).toBe('Project was not found');
    }
    // Even an empty body is answered 404, not 400: nothing is learnt from the shape checks.
    const empty = await intruder.post(`/${ids.project}/pipelines`, {});
    expect(empty.statusCode).toBe(404);
    expect(await victimSnapshot()).toEqual(before);
  });

  it("finds nothing of the other organization's chain through the intruder's own project", async () => {
    const own = `/${intruderProject}/pipelines`;
    expect((await intruder.get(`${own}/${ids.chain}`)).statusCode).toBe(404);
    expect((await intruder.patch(`${own}/${ids.chain}`, { revision: 2, name: 'Mine' })).statusCode).toBe(404);
    expect((await intruder.delete(`${own}/${ids.chain}`)).statusCode).toBe(404);
    expect((await intruder.get(`${own}/${ids.chain}/versions`)).statusCode).toBe(404);
    expect((await intruder.post(`${own}/${ids.chain}/versions/1/rollback`, { revision: 2 })).statusCode).toBe(
      404,
    );
    expect((await intruder.get(own)).json()).toMatchObject({ pipelines: [], total_entries: 0 });
    const activity = (await intruder.get(`/${intruderProject}/activity`, { pipeline_id: ids.chain })).json();
    expect(activity).toEqual({ activity: [], total_entries: 0 });
    expect((await intruder.get(`/${intruderProject}/gateways`)).json()).toEqual({
      gateways: [],
      total_entries: 0,
    });
    expect((await intruder.get(`/${intruderProject}/assets`)).json()).toEqual({
      entities: [{ entities: [] }],
    });
  });

  it("refuses the victim's sensors in the intruder's chains, pointing at the nodes", async () => {
    const before = await victimSnapshot();
    const body = validChain(ids.sensor, { targetSensorId: ids.pump });
    const created = await intruder.post(`/${intruderProject}/pipelines`, body);
    expect(created.statusCode).toBe(422);
    expect(created.json().problems).toEqual([
      {
        node_id: 'source',
        connection_id: null,
        message: 'Sensor telemetry: scope.sensor_ids: a sensor does not exist in this organization',
      },
      {
        node_id: 'sink',
        connection_id: null,
        message: 'Write virtual sensor: sensor_id: the sensor does not exist in this organization',
      },
    ]);
    const validated = await intruder.post(`/${intruderProject}/pipelines/validate`, {
      actions: body.actions,
      connections: body.connections,
    });
    expect(validated.json().problems.map((p: { node_id: string }) => p.node_id)).toEqual(['source', 'sink']);
    expect((await intruder.get(`/${intruderProject}/pipelines`)).json().total_entries).toBe(0);
    expect(await victimSnapshot()).toEqual(before);
  });
});
