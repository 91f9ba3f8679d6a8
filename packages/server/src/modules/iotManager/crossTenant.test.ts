/** Tenant isolation of the IoT Manager: gateways, mappings, logs, commands, firmware and rollouts. */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../entityManager/testSupport';
import {
  createGateway,
  demoAdmin,
  errorPaths,
  gatewayBody,
  iotClient,
  projectWithSensors,
} from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let intruder: { orgId: string; token: string };
const ids = { project: '', sensor: '', gateway: '', mapping: '', firmware: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const victim = await demoAdmin(platform);
  victimOrgId = victim.orgId;
  const plant = await projectWithSensors(platform, victim.orgId, victim.token, 'Secret plant');
  ids.project = plant.projectId;
  ids.sensor = plant.pump;
  ids.gateway = (await createGateway(victim.iot, plant.projectId, gatewayBody('Secret gateway'))).gateway.id;
  ids.mapping = (
    await victim.iot.post(`/gateways/${ids.gateway}/mappings`, {
      json_path: 'f',
      sensor_id: plant.pump,
      param_key: 'flow',
    })
  ).json().id;
  await victim.iot.post(`/gateways/${ids.gateway}/commands`, { name: 'reboot', value: true });
  ids.firmware = (
    await victim.iot.upload('/firmware', Buffer.from('image'), { name: 'OS', version: '1' })
  ).json().id;
  await victim.iot.post(`/firmware/${ids.firmware}/rollouts`, { gateway_ids: [ids.gateway] });
  platform.deps.gatewayLogs.append({
    orgId: victimOrgId,
    gatewayId: ids.gateway,
    kind: 'connect',
    level: 'info',
    transport: 'mqtt',
    message: 'Connected',
  });
  await platform.deps.gatewayLogs.flush();
  intruder = await addOrgWithAdmin(platform, 'intruder-iot', [...APP_KEYS]);
});
afterAll(() => platform.close());

/** Every route of the module with bodies an admin of the victim organization could send. */
function routes(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object }[] {
  const g = `/gateways/${ids.gateway}`;
  const f = `/firmware/${ids.firmware}`;
  return [
    { method: 'GET', path: '/projects' },
    { method: 'GET', path: `/projects/${ids.project}/gateways` },
    { method: 'POST', path: `/projects/${ids.project}/gateways`, payload: gatewayBody('Hijack') },
    { method: 'GET', path: `/projects/${ids.project}/topology` },
    { method: 'GET', path: g },
    { method: 'PUT', path: g, payload: gatewayBody('Hijacked') },
    { method: 'POST', path: `${g}/archive` },
    { method: 'POST', path: `${g}/unarchive` },
    { method: 'POST', path: `${g}/access_token` },
    { method: 'GET', path: `${g}/mappings` },
    {
      method: 'POST',
      path: `${g}/mappings`,
      payload: { json_path: 'x', sensor_id: ids.sensor, param_key: 'flow', replace: true },
    },
    { method: 'DELETE', path: `${g}/mappings/${ids.mapping}` },
    { method: 'GET', path: `${g}/mapping_tree` },
    { method: 'GET', path: `${g}/logs` },
    { method: 'DELETE', path: `${g}/logs` },
    { method: 'GET', path: `${g}/commands` },
    { method: 'POST', path: `${g}/commands`, payload: { name: 'open_valve', value: 1 } },
    { method: 'GET', path: `${g}/rollouts` },
    { method: 'GET', path: '/firmware' },
    { method: 'GET', path: `${f}/rollouts` },
    { method: 'POST', path: `${f}/rollouts`, payload: { gateway_ids: [ids.gateway] } },
    { method: 'DELETE', path: f },
    { method: 'DELETE', path: g },
  ];
}

async function victimSnapshot() {
  const db = platform.deps.db;
  const rows = async (
    table:
      | 'gateways'
      | 'gateway_mappings'
      | 'gateway_logs'
      | 'gateway_commands'
      | 'firmware'
      | 'firmware_rollouts',
  ) => db.selectFrom(table).selectAll().where('org_id', '=', victimOrgId).orderBy('id').execute();
  return {
    gateways: await rows('gateways'),
    mappings: await rows('gateway_mappings'),
    logs: await rows('gateway_logs'),
    commands: await rows('gateway_commands'),
    firmware: await rows('firmware'),
    rollouts: await rows('firmware_rollouts'),
    activity: (await db.selectFrom('activity').select('id').where('org_id', '=', victimOrgId).execute())
      .length,
  };
}

describe('IoT Manager tenant isolation', () => {
  it("answers 403 to another organization's admin on every route and changes nothing", async () => {
    const before = await victimSnapshot();
    for (const route of routes()) {
      const response = await platform.app.inject({
        method: route.method,
        url: `/api/iot_mgmt/orgs/${victimOrgId}${route.path}`,
        headers: { authorization: `Bearer ${intruder.token}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
    }
    expect(await victimSnapshot()).toEqual(before);
  });

  it("finds nothing of the other organization through the intruder's own organization", async () => {
    const before = await victimSnapshot();
    const own = iotClient(platform, intruder.orgId, intruder.token);
    for (const route of routes()) {
      if (route.path === '/projects' || route.path === '/firmware') continue;
      const response =
        route.method === 'GET'
          ? await own.get(route.path)
          : route.method === 'DELETE'
            ? await own.delete(route.path)
            : route.method === 'PUT'
              ? await own.put(route.path, route.payload ?? {})
              : await own.post(route.path, route.payload);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
    }
    expect((await own.get('/projects')).json().projects).toEqual([]);
    expect((await own.get('/firmware')).json().firmware).toEqual([]);

    // Ids of the victim's gateway and sensor are unknown here: field errors, nothing attached.
    const project = await addProject(platform, intruder.orgId, 'Intruder plant');
    const parent = await own.post(
      `/projects/${project}/gateways`,
      gatewayBody('Child', { parent_id: ids.gateway }),
    );
    expect(parent.statusCode).toBe(422);
    expect(errorPaths(parent)).toEqual(['body.parent_id']);
    const mine = (await createGateway(own, project, gatewayBody('Mine'))).gateway.id;
    const mapping = await own.post(`/gateways/${mine}/mappings`, {
      json_path: 'x',
      sensor_id: ids.sensor,
      param_key: 'flow',
    });
    expect(mapping.statusCode).toBe(422);
    expect(errorPaths(mapping)).toEqual(['body.sensor_id']);
    const firmware = (
      await own.upload('/firmware', Buffer.from('mine'), { name: 'OS', version: '1' })
    ).json();
    const rollout = await own.post(`/firmware/${firmware.id}/rollouts`, { gateway_ids: [ids.gateway] });
    expect(rollout.statusCode).toBe(422);
    expect(errorPaths(rollout)).toEqual(['body.gateway_ids.0']);
    expect(await victimSnapshot()).toEqual(before);
  });
});
