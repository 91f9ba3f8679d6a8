import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addMember,
  errorPaths,
  memberToken,
  type RoleManagerClient,
  roleManagerClient,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let adminId: string;
let admin: RoleManagerClient;

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  adminId = session.user_id;
  admin = roleManagerClient(platform, orgId, session.access_token);
});
afterAll(() => platform.close());

async function roleRowCount(): Promise<number> {
  const row = await platform.deps.db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function giveRole(userId: string, roleId: string | null, archived = false): Promise<void> {
  await platform.deps.db
    .updateTable('memberships')
    .set({ role_id: roleId, archived_at: archived ? new Date() : null })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
}

describe('roles CRUD', () => {
  it('lists the seeded Shift Lead role with abilities', async () => {
    const response = await admin.get('/roles');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.roles.map((r: { name: string }) => r.name)).toEqual(['Shift Lead']);
    expect(body.roles[0]).toMatchObject({
      user_count: 0,
      permissions: expect.arrayContaining(['alerts.view']),
    });
    expect(body.total_entries).toBe(1);
    expect(body.abilities).toContain('roleManager.manageRoles');
  });

  it('creates, reads, updates and deletes a role, logging each write', async () => {
    const created = await admin.post('/roles', {
      name: 'Maintenance Planner',
      description: 'Plans shutdowns',
      permissions: ['iotManager.view', 'alerts.view', 'alerts.view'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({
      name: 'Maintenance Planner',
      description: 'Plans shutdowns',
      permissions: ['alerts.view', 'iotManager.view'],
      user_count: 0,
    });
    expect((await admin.get(`/roles/${role.id}`)).json()).toEqual(role);

    const updated = await admin.put(`/roles/${role.id}`, {
      name: 'Planner',
      permissions: ['dashboards.view'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Planner',
      description: '',
      permissions: ['dashboards.view'],
    });

    expect((await admin.delete(`/roles/${role.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/roles/${role.id}`)).statusCode).toBe(404);

    const log = await platform.deps.db
      .selectFrom('activity')
      .selectAll()
      .where('entity_id', '=', role.id)
      .orderBy('id')
      .execute();
    expect(log.map((e) => [e.action, e.entity_type, e.actor_id, e.summary])).toEqual([
      ['created', 'role', adminId, 'Created role "Maintenance Planner"'],
      ['updated', 'role', adminId, 'Updated role "Planner"'],
      ['deleted', 'role', adminId, 'Deleted role "Planner"'],
    ]);
    expect(log[1]?.before).toMatchObject({ name: 'Maintenance Planner' });
    expect(log[1]?.after).toMatchObject({ name: 'Planner' });
    expect(log[2]?.before).toMatchObject({ name: 'Planner' });
  });

  it('searches and pages by name', async () => {
    for (const name of ['Auditor', 'Buyer', 'Controller']) await admin.post('/roles', { name });
    const page = (await admin.get('/roles', { page_size: 2, page_number: 1 })).json();
    expect(page.roles.map((r: { name: string }) => r.name)).toEqual(['Auditor', 'Buyer']);
    expect(page.total_entries).toBe(4);
    const found = (await admin.get('/roles', { search: 'UYE' })).json();
    expect(found.roles.map((r: { name: string }) => r.name)).toEqual(['Buyer']);
  });
});

describe('role validation and conflicts', () => {
  it('names bad fields, refuses actions of apps the organization lacks, and writes nothing', async () => {
    const count = await roleRowCount();
    const empty = await admin.post('/roles', { name: '' });
    expect(empty.json().errors).toEqual([{ path: 'body.name', message: 'Please enter a role name' }]);
    const unknown = await admin.post('/roles', { name: 'X', permissions: ['alerts.view', 'alerts.explode'] });
    expect(unknown.json().errors).toEqual([{ path: 'body.permissions.1', message: 'Unknown permission' }]);
    const reserved = await admin.post('/roles', { name: 'X', permissions: ['tenantManager.manageRequests'] });
    expect(reserved.statusCode).toBe(400);
    expect(errorPaths(reserved)).toEqual(['body.permissions.0']);

    await platform.deps.db
      .updateTable('orgs')
      .set({ apps: JSON.stringify(APP_KEYS.filter((app) => app !== 'digitalTwin')) })
      .where('id', '=', orgId)
      .execute();
    try {
      const outside = await admin.post('/roles', { name: 'X', permissions: ['digitalTwin.edit'] });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().errors).toEqual([
        {
          path: 'body.permissions.0',
          message: "digitalTwin.edit: Digital Twin (digitalTwin) is not one of this organization's apps",
        },
      ]);
    } finally {
      await platform.deps.db
        .updateTable('orgs')
        .set({ apps: JSON.stringify(APP_KEYS) })
        .where('id', '=', orgId)
        .execute();
    }
    expect(await roleRowCount()).toBe(count);
  });

  it('keeps role names unique in the organization', async () => {
    const clash = await admin.post('/roles', { name: 'shift lead' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe('A role named "shift lead" already exists');
    const other = (await admin.post('/roles', { name: 'Deputy' })).json();
    expect((await admin.put(`/roles/${other.id}`, { name: 'Shift Lead' })).statusCode).toBe(409);
    expect((await admin.put(`/roles/${other.id}`, { name: 'Deputy' })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous creations take a name', async () => {
    const results = await Promise.all([
      admin.post('/roles', { name: 'Racer' }),
      admin.post('/roles', { name: 'Racer' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses to delete a role active members hold, saying how many', async () => {
    const role = (
      await admin.post('/roles', { name: 'Supervisor', permissions: ['dashboards.view'] })
    ).json();
    const a = await addMember(platform, orgId, { email: 'sup.a@ferrite.dev' });
    const b = await addMember(platform, orgId, { email: 'sup.b@ferrite.dev' });
    const c = await addMember(platform, orgId, { email: 'sup.c@ferrite.dev' });
    await giveRole(a, role.id);
    await giveRole(b, role.id);
    await giveRole(c, role.id, true);
    expect((await admin.get(`/roles/${role.id}`)).json().user_count).toBe(2);

    const inUse = await admin.delete(`/roles/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().detail).toBe(
      'Role "Supervisor" is in use: 2 users hold it. Assign them another role first.',
    );
    await giveRole(a, null);
    expect((await admin.delete(`/roles/${role.id}`)).json().detail).toContain('1 user holds it');
    await giveRole(b, null);
    expect((await admin.delete(`/roles/${role.id}`)).statusCode).toBe(204);
    const archivedHolder = await platform.deps.db
      .selectFrom('memberships')
      .select('role_id')
      .where('user_id', '=', c)
      .executeTakeFirstOrThrow();
    expect(archivedHolder.role_id).toBeNull();
  });
});

describe('role permissions', () => {
  it('grants its actions to holders and refuses writes to members without manageRoles', async () => {
    const holder = await addMember(platform, orgId, { email: 'holder@ferrite.dev' });
    const role = (
      await admin.post('/roles', { name: 'Role readers', permissions: ['roleManager.view', 'alerts.view'] })
    ).json();
    await giveRole(holder, role.id);
    const token = await memberToken(platform, 'holder@ferrite.dev');
    const me = (await platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json();
    expect(me.abilities.apps).toEqual(['roleManager', 'alerts']);

    const asHolder = roleManagerClient(platform, orgId, token);
    expect((await asHolder.get('/roles')).statusCode).toBe(200);
    const count = await roleRowCount();
    const denied = [
      await asHolder.post('/roles', { name: 'Mine' }),
      await asHolder.put(`/roles/${role.id}`, { name: 'Mine' }),
      await asHolder.delete(`/roles/${role.id}`),
    ];
    for (const response of denied) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You do not have permission to manage roles in Role Manager');
    }
    expect(await roleRowCount()).toBe(count);
  });
});
