/** Tenant isolation of the Entity Manager: types, assets, sensors, hierarchy, import and export. */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import {
  addOrgWithAdmin,
  addProject,
  createEntity,
  createType,
  type EntityManagerClient,
  entityManagerClient,
} from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let intruderOrgId: string;
let intruderToken: string;
const ids = { assetType: '', sensorType: '', project: '', asset: '', sensor: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  victimOrgId = session.org_id;
  const victim = entityManagerClient(platform, victimOrgId, session.access_token);
  ids.assetType = await createType(victim, 'asset', { name: 'Secret asset type' });
  ids.sensorType = await createType(victim, 'sensor', { name: 'Secret sensor type' });
  ids.project = await addProject(platform, victimOrgId, 'Secret project');
  ids.asset = await createEntity(victim, ids.project, 'asset', {
    name: 'Secret asset',
    type_id: ids.assetType,
  });
  ids.sensor = await createEntity(victim, ids.project, 'sensor', {
    name: 'Secret sensor',
    type_id: ids.sensorType,
    parent_id: ids.asset,
  });
  const intruder = await addOrgWithAdmin(platform, 'intruder-entities', [...APP_KEYS]);
  intruderOrgId = intruder.orgId;
  intruderToken = intruder.token;
});
afterAll(() => platform.close());

/** Every route of the module, with bodies an admin of the victim organization could send. */
function routes(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object }[] {
  const p = `/projects/${ids.project}`;
  const asset = { name: 'Hijacked', type_id: ids.assetType };
  const sensor = { name: 'Hijacked', type_id: ids.sensorType };
  return [
    { method: 'GET', path: '/asset_types' },
    { method: 'POST', path: '/asset_types', payload: { name: 'Hijacked' } },
    { method: 'GET', path: `/asset_types/${ids.assetType}` },
    { method: 'PUT', path: `/asset_types/${ids.assetType}`, payload: { name: 'Hijacked' } },
    { method: 'DELETE', path: `/asset_types/${ids.assetType}` },
    { method: 'GET', path: '/sensor_types' },
    { method: 'POST', path: '/sensor_types', payload: { name: 'Hijacked' } },
    { method: 'GET', path: `/sensor_types/${ids.sensorType}` },
    { method: 'PUT', path: `/sensor_types/${ids.sensorType}`, payload: { name: 'Hijacked' } },
    { method: 'DELETE', path: `/sensor_types/${ids.sensorType}` },
    { method: 'GET', path: `${p}/assets` },
    { method: 'POST', path: `${p}/assets`, payload: asset },
    { method: 'GET', path: `${p}/assets/${ids.asset}` },
    { method: 'PUT', path: `${p}/assets/${ids.asset}`, payload: asset },
    { method: 'POST', path: `${p}/assets/${ids.asset}/move`, payload: { parent_id: null } },
    { method: 'DELETE', path: `${p}/assets/${ids.asset}?cascade=true` },
    { method: 'GET', path: `${p}/sensors` },
    { method: 'POST', path: `${p}/sensors`, payload: sensor },
    { method: 'GET', path: `${p}/sensors/${ids.sensor}` },
    { method: 'PUT', path: `${p}/sensors/${ids.sensor}`, payload: sensor },
    { method: 'POST', path: `${p}/sensors/${ids.sensor}/move`, payload: { parent_id: null } },
    { method: 'DELETE', path: `${p}/sensors/${ids.sensor}` },
    { method: 'GET', path: `${p}/hierarchy` },
    { method: 'GET', path: `${p}/hierarchy/export?format=json` },
    {
      method: 'POST',
      path: `${p}/hierarchy/import`,
      payload: {
        format: 'json',
        rows: [{ ref: 'x', kind: 'asset', name: 'Hijacked', type: 'Secret asset type' }],
      },
    },
  ];
}

async function victimSnapshot() {
  const db = platform.deps.db;
  return {
    types: await db
      .selectFrom('entity_types')
      .selectAll()
      .where('org_id', '=', victimOrgId)
      .orderBy('id')
      .execute(),
    entities: await db
      .selectFrom('entities')
      .selectAll()
      .where('org_id', '=', victimOrgId)
      .orderBy('id')
      .execute(),
    activity: (await db.selectFrom('activity').select('id').where('org_id', '=', victimOrgId).execute())
      .length,
  };
}

describe('Entity Manager tenant isolation', () => {
  it("answers 403 to another organization's admin on every route and changes nothing", async () => {
    const before = await victimSnapshot();
    for (const route of routes()) {
      const response = await platform.app.inject({
        method: route.method,
        url: `/api/entity_mgmt/orgs/${victimOrgId}${route.path}`,
        headers: { authorization: `Bearer ${intruderToken}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
    }
    expect(await victimSnapshot()).toEqual(before);
  });

  it("finds nothing of the other organization through the intruder's own organization", async () => {
    const before = await victimSnapshot();
    const own: EntityManagerClient = entityManagerClient(platform, intruderOrgId, intruderToken);
    const p = `/projects/${ids.project}`;
    for (const path of [
      `/asset_types/${ids.assetType}`,
      `/sensor_types/${ids.sensorType}`,
      `${p}/assets`,
      `${p}/hierarchy`,
    ]) {
      expect((await own.get(path)).statusCode, path).toBe(404);
    }
    expect((await own.post(`${p}/hierarchy/import`, { format: 'json', rows: [] })).statusCode).toBe(404);
    const ownProject = await addProject(platform, intruderOrgId, 'Intruder project');
    const ownType = await createType(own, 'asset', { name: 'Intruder type' });
    // The victim's type and asset ids are unknown here: field errors, nothing attached.
    const create = await own.post(`/projects/${ownProject}/assets`, {
      name: 'X',
      type_id: ids.assetType,
      parent_id: ids.asset,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.type_id',
      'body.parent_id',
    ]);
    const child = await createEntity(own, ownProject, 'asset', { name: 'Mine', type_id: ownType });
    expect(
      (await own.post(`/projects/${ownProject}/assets/${child}/move`, { parent_id: ids.asset })).statusCode,
    ).toBe(400);
    const imported = await own.post(`/projects/${ownProject}/hierarchy/import`, {
      format: 'json',
      rows: [{ ref: 'x', kind: 'asset', name: 'X', type: 'Secret asset type', parent_id: ids.asset }],
    });
    expect(imported.json().errors[0].errors).toEqual([
      'type: No asset type named "Secret asset type"',
      'parent_id: No asset with this id in this project',
    ]);
    expect(await victimSnapshot()).toEqual(before);
  });
});
