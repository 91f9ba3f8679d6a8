import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addPerson,
  addProject,
  createEntity,
  createType,
  type EntityManagerClient,
  entityManagerClient,
  errorPaths,
  tokenOf,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let admin: EntityManagerClient;
let projectId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  admin = entityManagerClient(platform, orgId, session.access_token);
  projectId = await addProject(platform, orgId, 'Types Plant');
});
afterAll(() => platform.close());

describe('asset and sensor types', () => {
  it('creates, reads, lists with search and paging, and answers abilities', async () => {
    const created = await admin.post('/asset_types', {
      name: 'Machine',
      description: 'Anything with a motor',
      metadata_fields: [{ key: 'power', data_type: 'number', unit: 'kW', default_value: '7.5' }],
      properties: [{ key: 'vendor', value: 'ACME' }],
    });
    expect(created.statusCode).toBe(201);
    const machine = created.json();
    expect(machine).toMatchObject({
      kind: 'asset',
      name: 'Machine',
      parent_type: null,
      usage_count: 0,
      metadata_fields: [{ key: 'power', data_type: 'number', unit: 'kW', default_value: '7.5' }],
      parameters: [],
    });
    expect(machine.effective.metadata_fields).toEqual(machine.metadata_fields);
    expect((await admin.get(`/asset_types/${machine.id}`)).json()).toEqual(machine);

    await createType(admin, 'asset', { name: 'Conveyor belt' });
    await createType(admin, 'asset', { name: 'boiler' });
    const page = (await admin.get('/asset_types', { page_size: 2 })).json();
    expect(page.total_entries).toBe(3);
    expect(page.types.map((t: { name: string }) => t.name)).toEqual(['boiler', 'Conveyor belt']);
    expect(page.abilities).toContain('entityManager.manageTypes');
    const searched = (await admin.get('/asset_types', { search: 'MOTOR' })).json();
    expect(searched.types.map((t: { name: string }) => t.name)).toEqual(['Machine']);
    // Sensor types are a separate list.
    expect((await admin.get('/sensor_types')).json().total_entries).toBe(0);
  });

  it('merges own fields over the ancestors, the nearest definition of a key winning', async () => {
    const root = await createType(admin, 'sensor', {
      name: 'Probe',
      metadata_fields: [
        { key: 'range', data_type: 'number', unit: 'C', default_value: '100' },
        { key: 'vendor', data_type: 'string' },
      ],
      parameters: [{ key: 'value', data_type: 'number', unit: '' }],
      properties: [{ key: 'ip', value: 'IP65' }],
    });
    const middle = await createType(admin, 'sensor', {
      name: 'Temperature probe',
      parent_type_id: root,
      metadata_fields: [{ key: 'range', data_type: 'integer', unit: 'C', default_value: '150' }],
      parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
    });
    const leaf = (
      await admin.post('/sensor_types', {
        name: 'PT100',
        parent_type_id: middle,
        metadata_fields: [{ key: 'wires', data_type: 'integer', default_value: '3' }],
        properties: [{ key: 'ip', value: 'IP67' }],
      })
    ).json();
    expect(leaf.parent_type).toEqual({ id: middle, name: 'Temperature probe' });
    expect(leaf.effective).toEqual({
      metadata_fields: [
        { key: 'range', data_type: 'integer', unit: 'C', default_value: '150' },
        { key: 'vendor', data_type: 'string', unit: '', default_value: '' },
        { key: 'wires', data_type: 'integer', unit: '', default_value: '3' },
      ],
      properties: [{ key: 'ip', value: 'IP67' }],
      parameters: [
        { key: 'value', data_type: 'number', unit: '' },
        { key: 'temperature', data_type: 'number', unit: 'C' },
      ],
    });
    // A change to an ancestor shows in the descendants at once.
    await admin.put(`/sensor_types/${root}`, {
      name: 'Probe',
      metadata_fields: [{ key: 'calibrated', data_type: 'boolean', default_value: 'false' }],
    });
    const after = (await admin.get(`/sensor_types/${leaf.id}`)).json();
    expect(after.effective.metadata_fields.map((f: { key: string }) => f.key)).toEqual([
      'calibrated',
      'range',
      'wires',
    ]);
  });

  it('refuses a cycle in the type chain, a parent of the other kind, and taken names', async () => {
    const a = await createType(admin, 'asset', { name: 'Chain A' });
    const b = await createType(admin, 'asset', { name: 'Chain B', parent_type_id: a });
    const c = await createType(admin, 'asset', { name: 'Chain C', parent_type_id: b });

    const cycle = await admin.put(`/asset_types/${a}`, { name: 'Chain A', parent_type_id: c });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().detail).toMatch(/would create a cycle/);
    const self = await admin.put(`/asset_types/${a}`, { name: 'Chain A', parent_type_id: a });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toMatch(/cannot be its own parent/);

    const sensorType = await createType(admin, 'sensor', { name: 'Chain sensor' });
    const wrongKind = await admin.post('/asset_types', { name: 'Chain D', parent_type_id: sensorType });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorPaths(wrongKind)).toEqual(['body.parent_type_id']);

    const taken = await admin.post('/asset_types', { name: 'chain b' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('There is already an asset type named "Chain B"');
    const rename = await admin.put(`/asset_types/${c}`, { name: 'Chain B', parent_type_id: b });
    expect(rename.statusCode).toBe(409);
    // The same name is fine for the other kind.
    expect((await admin.post('/sensor_types', { name: 'Chain B' })).statusCode).toBe(201);
  });

  it('answers validation problems with field paths', async () => {
    const response = await admin.post('/asset_types', {
      name: ' ',
      metadata_fields: [
        { key: 'speed', data_type: 'number', default_value: 'fast' },
        { key: 'speed', data_type: 'decimal' },
      ],
      properties: [{ key: '9lives', value: 'x' }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response)).toEqual(
      expect.arrayContaining(['body.name', 'body.metadata_fields.1.data_type', 'body.properties.0.key']),
    );
    const badDefault = await admin.post('/asset_types', {
      name: 'Fan',
      metadata_fields: [{ key: 'speed', data_type: 'number', default_value: 'fast' }],
    });
    expect(badDefault.statusCode).toBe(400);
    expect(badDefault.json().errors).toEqual([
      { path: 'body.metadata_fields.0.default_value', message: 'Must be a number' },
    ]);
    const duplicate = await admin.post('/asset_types', {
      name: 'Fan',
      parameters: [
        { key: 'rpm', data_type: 'integer' },
        { key: 'rpm', data_type: 'number' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toMatch(/body\.parameters: Keys must be unique/);
  });

  it('refuses to delete a type in use, naming up to five users and counting the rest', async () => {
    const press = await createType(admin, 'asset', { name: 'Press' });
    const names = ['Press 1', 'Press 2', 'Boiler', 'Anvil', 'Drill', 'Lathe', 'Mill'];
    for (const name of names) await createEntity(admin, projectId, 'asset', { name, type_id: press });
    const refused = await admin.delete(`/asset_types/${press}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Asset type "Press" cannot be deleted. Used by 7 assets: Anvil, Boiler, Drill, Lathe, Mill and 2 more.',
    );
    expect((await admin.get(`/asset_types/${press}`)).json().usage_count).toBe(7);

    const small = await createType(admin, 'asset', { name: 'Small press' });
    await createEntity(admin, projectId, 'asset', { name: 'Tiny', type_id: small });
    await createType(admin, 'asset', { name: 'Smaller press', parent_type_id: small });
    const both = await admin.delete(`/asset_types/${small}`);
    expect(both.statusCode).toBe(409);
    expect(both.json().detail).toBe(
      'Asset type "Small press" cannot be deleted. Used by 1 asset: Tiny. Parent of 1 asset type: Smaller press.',
    );
  });

  it('deletes an unused type and logs every write', async () => {
    const id = await createType(admin, 'sensor', { name: 'Disposable' });
    await admin.put(`/sensor_types/${id}`, { name: 'Disposable 2' });
    const deleted = await admin.delete(`/sensor_types/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await admin.get(`/sensor_types/${id}`)).statusCode).toBe(404);
    const log = await platform.deps.db
      .selectFrom('activity')
      .select(['action', 'summary', 'app', 'entity_type'])
      .where('org_id', '=', orgId)
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      {
        action: 'created',
        summary: 'Created sensor type "Disposable"',
        app: 'entityManager',
        entity_type: 'sensor_type',
      },
      {
        action: 'updated',
        summary: 'Updated sensor type "Disposable 2"',
        app: 'entityManager',
        entity_type: 'sensor_type',
      },
      {
        action: 'deleted',
        summary: 'Deleted sensor type "Disposable 2"',
        app: 'entityManager',
        entity_type: 'sensor_type',
      },
    ]);
  });

  it('lets members who may only view read types but not change them', async () => {
    await addPerson(platform, orgId, { email: 'viewer@types.io', apps: ['entityManager'] });
    const viewer = entityManagerClient(platform, orgId, await tokenOf(platform, 'viewer@types.io'));
    const list = await viewer.get('/asset_types');
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual(['entityManager.view']);
    const denied = await viewer.post('/asset_types', { name: 'Nope' });
    expect(denied.statusCode).toBe(403);
  });
});
