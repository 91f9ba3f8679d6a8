/** "My Projects", a project's gateway list (paging, search, tabs, abilities), topology and who may see them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import {
  createGateway,
  demoAdmin,
  gatewayBody,
  type IotClient,
  iotClient,
  projectWithSensors,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let token: string;
let iot: IotClient;
let plant: Awaited<ReturnType<typeof projectWithSensors>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, token, iot } = await demoAdmin(platform));
  plant = await projectWithSensors(platform, orgId, token, 'Listing plant');
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    ids[name] = (
      await createGateway(
        iot,
        plant.projectId,
        gatewayBody(name, { client_id: `list-${name.toLowerCase()}` }),
      )
    ).gateway.id;
  }
  await iot.post(`/gateways/${ids.Delta}/archive`);
  await platform.deps.db
    .updateTable('gateways')
    .set({ last_seen_at: new Date() })
    .where('id', 'in', [ids.Alpha as string, ids.Delta as string])
    .execute();
});
afterAll(() => platform.close());

describe('the gateway list', () => {
  it('pages the Active tab newest first with both tab counts and the caller abilities', async () => {
    const page = await iot.get(`/projects/${plant.projectId}/gateways`, { page_size: 2 });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.gateways.map((g: { name: string }) => g.name)).toEqual(['Charlie', 'Bravo']);
    expect(body.total_entries).toBe(3);
    expect(body.counts).toEqual({ active: 3, archived: 1 });
    expect(body.abilities).toEqual(
      expect.arrayContaining(['iotManager.view', 'iotManager.manageGateways', 'iotManager.deleteLogs']),
    );
    const second = (
      await iot.get(`/projects/${plant.projectId}/gateways`, { page_size: 2, page_number: 2 })
    ).json();
    expect(second.gateways.map((g: { name: string }) => g.name)).toEqual(['Alpha']);
  });

  it('lists 25 a page by default and searches name, topic and client id', async () => {
    const all = (await iot.get(`/projects/${plant.projectId}/gateways`)).json();
    expect(all.gateways).toHaveLength(3);
    const byClient = (await iot.get(`/projects/${plant.projectId}/gateways`, { search: 'list-br' })).json();
    expect(byClient.gateways.map((g: { name: string }) => g.name)).toEqual(['Bravo']);
    expect(byClient.total_entries).toBe(1);
    const byTopic = (
      await iot.get(`/projects/${plant.projectId}/gateways`, { search: ids.Charlie as string })
    ).json();
    expect(byTopic.gateways.map((g: { name: string }) => g.name)).toEqual(['Charlie']);
    const archived = (await iot.get(`/projects/${plant.projectId}/gateways`, { is_archived: true })).json();
    expect(archived.gateways.map((g: { name: string }) => g.name)).toEqual(['Delta']);
    expect((await iot.get(`/projects/${plant.projectId}/gateways`, { page_size: 500 })).statusCode).toBe(400);
  });
});

describe('My Projects', () => {
  it('lists active projects with how many gateways each has and how many are online', async () => {
    await addProject(platform, orgId, 'Archived plant', { archived: true });
    const response = await iot.get('/projects', { search: 'Listing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      projects: [{ id: plant.projectId, name: 'Listing plant', gateway_count: 3, online_count: 1 }],
      total_entries: 1,
    });
    const all = (await iot.get('/projects')).json();
    expect(all.projects.map((p: { name: string }) => p.name)).not.toContain('Archived plant');
  });
});

describe('topology', () => {
  it("shows the project's active gateways with the sensors their mappings feed", async () => {
    for (const [json_path, sensor_id, param_key] of [
      ['t', plant.boiler, 'temperature'],
      ['p', plant.boiler, 'pressure'],
      ['f', plant.pump, 'flow'],
    ] as const) {
      const mapped = await iot.post(`/gateways/${ids.Alpha}/mappings`, { json_path, sensor_id, param_key });
      expect(mapped.statusCode, mapped.body).toBe(201);
    }
    const response = await iot.get(`/projects/${plant.projectId}/topology`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.project).toEqual({ id: plant.projectId, name: 'Listing plant' });
    expect(body.gateways.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(body.gateways[0]).toMatchObject({
      status: 'online',
      sensors: [
        { id: plant.boiler, name: 'Boiler', param_keys: ['pressure', 'temperature'] },
        { id: plant.pump, name: 'Pump', param_keys: ['flow'] },
      ],
    });
    expect(body.gateways[1].sensors).toEqual([]);
  });
});

describe('permissions', () => {
  it('refuses a member without IoT Manager rights (403) and lets a viewer read but not write', async () => {
    await addMember(platform.deps.db, orgId, { email: 'nobody@iot.test', password: 'Nobody#2026' });
    const nobody = iotClient(
      platform,
      orgId,
      (await signInToOrg(platform.app, 'nobody@iot.test', 'Nobody#2026')).access_token,
    );
    for (const response of [
      await nobody.get('/projects'),
      await nobody.get(`/projects/${plant.projectId}/gateways`),
      await nobody.get(`/gateways/${ids.Alpha}`),
      await nobody.post(`/projects/${plant.projectId}/gateways`, gatewayBody('Nope')),
      await nobody.get(`/gateways/${ids.Alpha}/logs`),
      await nobody.get('/firmware'),
    ]) {
      expect(response.statusCode).toBe(403);
    }

    const viewers = await createGroup(platform.deps.db, orgId, {
      name: 'IoT viewers',
      apps: ['iotManager'],
      permissions: ['iotManager.view'],
    });
    await addMember(platform.deps.db, orgId, {
      email: 'viewer@iot.test',
      password: 'Viewer#2026',
      groupIds: [viewers],
    });
    const viewer = iotClient(
      platform,
      orgId,
      (await signInToOrg(platform.app, 'viewer@iot.test', 'Viewer#2026')).access_token,
    );
    const list = await viewer.get(`/projects/${plant.projectId}/gateways`);
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual(['iotManager.view']);
    expect((await viewer.get(`/gateways/${ids.Alpha}/mapping_tree`)).statusCode).toBe(200);
    for (const response of [
      await viewer.post(`/projects/${plant.projectId}/gateways`, gatewayBody('Nope')),
      await viewer.put(`/gateways/${ids.Alpha}`, gatewayBody('Nope')),
      await viewer.post(`/gateways/${ids.Alpha}/access_token`),
      await viewer.post(`/gateways/${ids.Alpha}/commands`, { name: 'reboot', value: true }),
      await viewer.delete(`/gateways/${ids.Alpha}/logs`),
      await viewer.post(`/gateways/${ids.Alpha}/mappings`, {
        json_path: 'x',
        sensor_id: plant.pump,
        param_key: 'flow',
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/^You do not have permission to .+ in IoT Manager$/);
    }
  });
});
