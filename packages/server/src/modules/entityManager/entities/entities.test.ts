import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addOrgWithAdmin,
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
const types = { line: '', machine: '', probe: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  admin = entityManagerClient(platform, orgId, session.access_token);
  projectId = await addProject(platform, orgId, 'Entity Plant');
  types.line = await createType(admin, 'asset', { name: 'Line' });
  types.machine = await createType(admin, 'asset', {
    name: 'Machine',
    metadata_fields: [
      { key: 'power', data_type: 'number', unit: 'kW', default_value: '7.5' },
      { key: 'serial', data_type: 'string' },
      { key: 'axes', data_type: 'integer', default_value: '3' },
      { key: 'cnc', data_type: 'boolean', default_value: 'false' },
    ],
  });
  types.probe = await createType(admin, 'sensor', {
    name: 'Probe',
    parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
  });
});
afterAll(() => platform.close());

const assets = (path = '') => `/projects/${projectId}/assets${path}`;
const sensors = (path = '') => `/projects/${projectId}/sensors${path}`;

/** Path and depth of every entity, straight from the table. */
async function places(): Promise<Map<string, { path: string; depth: number; parent_id: string | null }>> {
  const rows = await platform.deps.db
    .selectFrom('entities')
    .select(['id', 'path', 'depth', 'parent_id'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map(({ id, ...place }) => [id, place]));
}

describe('assets and sensors', () => {
  it('creates an asset with defaults filled from its type and a sensor under it', async () => {
    const caretaker = await addPerson(platform, orgId, { email: 'care@taker.io' });
    const line = await createEntity(admin, projectId, 'asset', { name: 'Line 1', type_id: types.line });
    const created = await admin.post(assets(), {
      name: 'Press 1',
      type_id: types.machine,
      parent_id: line,
      description: 'The big one',
      caretaker_ids: [caretaker],
      metadata: { power: '11', cnc: 'true' },
      location: { latitude: 48.1, longitude: 11.5 },
    });
    expect(created.statusCode).toBe(201);
    const press = created.json();
    expect(press).toMatchObject({
      uuid: press.id,
      kind: 'asset',
      project_id: projectId,
      parent_id: line,
      type: { id: types.machine, name: 'Machine' },
      caretakers: [{ id: caretaker, name: 'care', email: 'care@taker.io' }],
      hierarchy: [{ id: line, name: 'Line 1' }],
      metadata: [
        { key: 'power', data_type: 'number', unit: 'kW', value: '11' },
        { key: 'serial', data_type: 'string', unit: '', value: '' },
        { key: 'axes', data_type: 'integer', unit: '', value: '3' },
        { key: 'cnc', data_type: 'boolean', unit: '', value: 'true' },
      ],
      location: { latitude: 48.1, longitude: 11.5 },
      position: null,
      child_count: 0,
    });

    const sensor = (
      await admin.post(sensors(), { name: 'T1', type_id: types.probe, parent_id: press.id })
    ).json();
    expect(sensor).toMatchObject({
      kind: 'sensor',
      position: 'indoor',
      location: null,
      parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
      hierarchy: [
        { id: line, name: 'Line 1' },
        { id: press.id, name: 'Press 1' },
      ],
    });
    expect((await admin.get(assets(`/${press.id}`))).json().child_count).toBe(1);
    const stored = (await places()).get(sensor.id);
    expect(stored).toEqual({ path: `/${line}/${press.id}/${sensor.id}/`, depth: 2, parent_id: press.id });
  });

  it('answers validation problems naming the field, the metadata key included', async () => {
    const left = await addPerson(platform, orgId, { email: 'left@plant.io', archived: true });
    const sensor = await createEntity(admin, projectId, 'sensor', { name: 'Lonely', type_id: types.probe });
    const response = await admin.post(assets(), {
      name: 'Bad',
      type_id: types.machine,
      parent_id: sensor,
      caretaker_ids: [left],
      metadata: { power: 'lots', axes: '2.5', cnc: 'yes', colour: 'red' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.parent_id', message: 'A sensor cannot hold other entities; choose an asset' },
        { path: 'body.caretaker_ids.0', message: 'Not an active member of this organization' },
        { path: 'body.metadata.colour', message: '"colour" is not a metadata field of type "Machine"' },
        { path: 'body.metadata.power', message: 'Must be a number' },
        { path: 'body.metadata.axes', message: 'Must be a whole number' },
        { path: 'body.metadata.cnc', message: 'Must be true or false' },
      ]),
    );
    expect(response.json().detail).toContain('body.metadata.power: Must be a number');

    const wrongKind = await admin.post(assets(), { name: 'Bad', type_id: types.probe });
    expect(errorPaths(wrongKind)).toEqual(['body.type_id']);
    const schema = await admin.post(sensors(), { name: '', type_id: 'nope', position: 'roof' });
    expect(schema.statusCode).toBe(400);
    expect(errorPaths(schema)).toEqual(
      expect.arrayContaining(['body.name', 'body.type_id', 'body.position']),
    );
  });

  it('answers 404 for a project that is archived or not the organization’s', async () => {
    const archived = await addProject(platform, orgId, 'Old', { archived: true });
    const other = await addOrgWithAdmin(platform, 'other-plant', ['entityManager']);
    const foreign = await addProject(platform, other.orgId, 'Foreign');
    for (const project of [archived, foreign]) {
      const list = await admin.get(`/projects/${project}/assets`);
      expect(list.statusCode).toBe(404);
      expect(list.json().detail).toBe('Project was not found');
      expect(
        (await admin.post(`/projects/${project}/assets`, { name: 'X', type_id: types.line })).statusCode,
      ).toBe(404);
    }
  });

  it('moves an asset with its whole subtree, rewriting paths and depths', async () => {
    const a = await createEntity(admin, projectId, 'asset', { name: 'Move A', type_id: types.line });
    const b = await createEntity(admin, projectId, 'asset', { name: 'Move B', type_id: types.line });
    const child = await createEntity(admin, projectId, 'asset', {
      name: 'Child',
      type_id: types.machine,
      parent_id: a,
    });
    const grandchild = await createEntity(admin, projectId, 'sensor', {
      name: 'Grandchild',
      type_id: types.probe,
      parent_id: child,
    });
    const moved = await admin.post(assets(`/${a}/move`), { parent_id: b });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      parent_id: b,
      hierarchy: [{ id: b, name: 'Move B' }],
      child_count: 1,
    });
    let stored = await places();
    expect(stored.get(a)).toEqual({ path: `/${b}/${a}/`, depth: 1, parent_id: b });
    expect(stored.get(child)).toEqual({ path: `/${b}/${a}/${child}/`, depth: 2, parent_id: a });
    expect(stored.get(grandchild)).toEqual({
      path: `/${b}/${a}/${child}/${grandchild}/`,
      depth: 3,
      parent_id: child,
    });
    const sensor = (await admin.get(sensors(`/${grandchild}`))).json();
    expect(sensor.hierarchy.map((h: { name: string }) => h.name)).toEqual(['Move B', 'Move A', 'Child']);

    // Back to the top level.
    expect((await admin.post(assets(`/${a}/move`), { parent_id: null })).statusCode).toBe(200);
    stored = await places();
    expect(stored.get(a)).toEqual({ path: `/${a}/`, depth: 0, parent_id: null });
    expect(stored.get(grandchild)).toEqual({
      path: `/${a}/${child}/${grandchild}/`,
      depth: 2,
      parent_id: child,
    });

    // A sensor moves too; PUT with a new parent_id moves as well.
    expect((await admin.post(sensors(`/${grandchild}/move`), { parent_id: b })).json().parent_id).toBe(b);
    const put = await admin.put(assets(`/${child}`), { name: 'Child', type_id: types.machine, parent_id: b });
    expect(put.statusCode).toBe(200);
    expect((await places()).get(child)).toEqual({ path: `/${b}/${child}/`, depth: 1, parent_id: b });
  });

  it('refuses a move under the entity itself or anything beneath it, and under a sensor', async () => {
    const top = await createEntity(admin, projectId, 'asset', { name: 'Cycle top', type_id: types.line });
    const mid = await createEntity(admin, projectId, 'asset', {
      name: 'Cycle mid',
      type_id: types.line,
      parent_id: top,
    });
    const low = await createEntity(admin, projectId, 'asset', {
      name: 'Cycle low',
      type_id: types.line,
      parent_id: mid,
    });
    const probe = await createEntity(admin, projectId, 'sensor', {
      name: 'Cycle probe',
      type_id: types.probe,
    });
    const before = await places();
    for (const target of [top, mid, low]) {
      const response = await admin.post(assets(`/${top}/move`), { parent_id: target });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/would create a cycle/);
    }
    const viaPut = await admin.put(assets(`/${mid}`), {
      name: 'Cycle mid',
      type_id: types.line,
      parent_id: low,
    });
    expect(viaPut.statusCode).toBe(409);
    const underSensor = await admin.post(assets(`/${low}/move`), { parent_id: probe });
    expect(underSensor.statusCode).toBe(400);
    expect(errorPaths(underSensor)).toEqual(['body.parent_id']);
    expect(await places()).toEqual(before);
  });

  it('runs crossing moves one after the other, so two at once cannot close a loop', async () => {
    const a = await createEntity(admin, projectId, 'asset', { name: 'Race A', type_id: types.line });
    const b = await createEntity(admin, projectId, 'asset', { name: 'Race B', type_id: types.line });
    const answers = await Promise.all([
      admin.post(assets(`/${a}/move`), { parent_id: b }),
      admin.post(assets(`/${b}/move`), { parent_id: a }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stored = await places();
    expect([stored.get(a)?.depth, stored.get(b)?.depth].sort()).toEqual([0, 1]);
  });

  it('refuses to delete an asset that holds entities unless cascade=true, which deletes the subtree', async () => {
    const root = await createEntity(admin, projectId, 'asset', { name: 'Doomed', type_id: types.line });
    const sub = await createEntity(admin, projectId, 'asset', {
      name: 'Doomed sub',
      type_id: types.line,
      parent_id: root,
    });
    await createEntity(admin, projectId, 'sensor', {
      name: 'Doomed s1',
      type_id: types.probe,
      parent_id: sub,
    });
    await createEntity(admin, projectId, 'sensor', {
      name: 'Doomed s2',
      type_id: types.probe,
      parent_id: root,
    });
    const refused = await admin.delete(assets(`/${root}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Asset "Doomed" holds 3 entities (1 asset, 2 sensors). Move or delete them first, or delete it together with everything it holds.',
    );
    const count = async () =>
      (
        await platform.deps.db
          .selectFrom('entities')
          .select('name')
          .where('name', 'like', 'Doomed%')
          .execute()
      ).length;
    expect(await count()).toBe(4);
    expect((await admin.delete(assets(`/${root}`), { cascade: 'true' })).statusCode).toBe(204);
    expect(await count()).toBe(0);
    const entry = await platform.deps.db
      .selectFrom('activity')
      .select(['summary', 'action'])
      .where('entity_id', '=', root)
      .where('action', '=', 'deleted')
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe('Deleted asset "Doomed" and the 3 entities beneath it');

    const leaf = await createEntity(admin, projectId, 'asset', { name: 'Leaf', type_id: types.line });
    expect((await admin.delete(assets(`/${leaf}`))).statusCode).toBe(204);
    expect((await admin.get(assets(`/${leaf}`))).statusCode).toBe(404);
  });

  it('lists by parent, type and search with paging; updates keep metadata not given', async () => {
    const parent = await createEntity(admin, projectId, 'asset', {
      name: 'List parent',
      type_id: types.line,
    });
    for (const name of ['b-press', 'A-press', 'c-drill']) {
      await createEntity(admin, projectId, 'asset', { name, type_id: types.machine, parent_id: parent });
    }
    const under = (await admin.get(assets(), { parent_id: parent })).json();
    expect(under.entities.map((e: { name: string }) => e.name)).toEqual(['A-press', 'b-press', 'c-drill']);
    expect(under.total_entries).toBe(3);
    expect(under.abilities).toEqual(
      expect.arrayContaining([
        'entityManager.manageAssets',
        'entityManager.manageSensors',
        'entityManager.view',
      ]),
    );
    const page = (
      await admin.get(assets(), { parent_id: parent, search: 'press', page_size: 1, page_number: 2 })
    ).json();
    expect(page).toMatchObject({ total_entries: 2, entities: [{ name: 'b-press' }] });
    const byType = (await admin.get(assets(), { type_id: types.line })).json();
    expect(byType.entities.every((e: { type: { id: string } }) => e.type.id === types.line)).toBe(true);
    expect((await admin.get(assets(`/${parent}`))).json().child_count).toBe(3);

    const drill = under.entities[2];
    const updated = await admin.put(assets(`/${drill.id}`), {
      name: 'c-drill',
      type_id: types.machine,
      parent_id: parent,
      metadata: { serial: 'SN-1' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().metadata.map((m: { value: string }) => m.value)).toEqual([
      '7.5',
      'SN-1',
      '3',
      'false',
    ]);
    // An asset is not a sensor: the sensors routes do not find it.
    expect((await admin.get(sensors(`/${drill.id}`))).statusCode).toBe(404);
  });

  it('logs every write in the activity log with the Entity Manager as its app', async () => {
    const hall = await createEntity(admin, projectId, 'asset', { name: 'Log hall', type_id: types.line });
    const probe = await createEntity(admin, projectId, 'sensor', { name: 'Log probe', type_id: types.probe });
    await admin.post(sensors(`/${probe}/move`), { parent_id: hall });
    await admin.put(sensors(`/${probe}`), { name: 'Log probe 2', type_id: types.probe, parent_id: hall });
    await admin.delete(sensors(`/${probe}`));
    const log = await platform.deps.db
      .selectFrom('activity')
      .select(['action', 'summary', 'app', 'entity_type'])
      .where('entity_id', 'in', [hall, probe])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'created', summary: 'Created asset "Log hall"', app: 'entityManager', entity_type: 'asset' },
      {
        action: 'created',
        summary: 'Created sensor "Log probe"',
        app: 'entityManager',
        entity_type: 'sensor',
      },
      {
        action: 'moved',
        summary: 'Moved sensor "Log probe" under "Log hall"',
        app: 'entityManager',
        entity_type: 'sensor',
      },
      {
        action: 'updated',
        summary: 'Updated sensor "Log probe 2"',
        app: 'entityManager',
        entity_type: 'sensor',
      },
      {
        action: 'deleted',
        summary: 'Deleted sensor "Log probe 2"',
        app: 'entityManager',
        entity_type: 'sensor',
      },
    ]);
  });

  it('needs manageAssets or manageSensors for writes', async () => {
    await addPerson(platform, orgId, { email: 'viewer@entities.io', apps: ['entityManager'] });
    const viewer = entityManagerClient(platform, orgId, await tokenOf(platform, 'viewer@entities.io'));
    expect((await viewer.get(assets())).statusCode).toBe(200);
    const denied = await viewer.post(assets(), { name: 'X', type_id: types.line });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('You do not have permission to manage assets in Entity Manager');
    expect((await viewer.post(sensors(), { name: 'X', type_id: types.probe })).statusCode).toBe(403);
  });
});
