import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf, addMember, createGroup, demoOrgId } from '../../../testing/people';
import { bearer, signInToOrg } from '../../../testing/session';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';

let platform: TestPlatform;
let orgId: string;
let adminId: string;
let adminToken: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
  const session = await signInToOrg(platform.app);
  adminToken = session.access_token;
  adminId = session.user_id;
});
afterAll(() => platform.close());

const users = () => `/api/role_mgmt/orgs/${orgId}/users`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  platform.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const counts = async () => (await call('GET', users())).json().counts;

describe('GET /role_mgmt/orgs/{orgId}/users', () => {
  it("lists active members with the tab totals and the caller's Role Manager abilities", async () => {
    const response = await call('GET', users());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: adminId,
          email: DEMO_ADMIN.email,
          role: 'admin',
          custom_role: null,
          archived_at: null,
          avatar: 9,
        }),
      ]),
    );
    const admin = body.users.find((u: { id: string }) => u.id === adminId);
    expect(admin.last_login).not.toBeNull();
    expect(body.counts).toEqual({ active: body.total_entries, archived: 0, invites: 0 });
    expect(body.abilities).toEqual(expect.arrayContaining(['roleManager.view', 'roleManager.manageUsers']));
  });

  it('pages and searches by name or e-mail, taking LIKE wildcards literally', async () => {
    for (let i = 1; i <= 3; i++) {
      await addMember(platform.deps.db, orgId, {
        email: `pager${i}@plant.io`,
        name: `Pager ${i}`,
        password: 'Pager#2026',
      });
    }
    const page = (await call('GET', `${users()}?search=pager&page_size=2&page_number=2`)).json();
    expect(page.total_entries).toBe(3);
    expect(page.users).toHaveLength(1);
    const none = (await call('GET', `${users()}?search=%25`)).json();
    expect(none.total_entries).toBe(0);
    const bad = await call('GET', `${users()}?page_size=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('query.page_size');
  });
});

describe('counts through archive, unarchive and invite', () => {
  it('moves a member between the tabs and keeps the totals right', async () => {
    const userId = await addMember(platform.deps.db, orgId, {
      email: 'mover@plant.io',
      password: 'Mover#2026',
    });
    const start = await counts();

    const moverSession = await signInToOrg(platform.app, 'mover@plant.io', 'Mover#2026');
    const archived = await call('POST', `${users()}/${userId}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();
    expect(await counts()).toEqual({ ...start, active: start.active - 1, archived: start.archived + 1 });
    const archivedTab = (await call('GET', `${users()}?is_archived=true`)).json();
    expect(archivedTab.users.map((u: { id: string }) => u.id)).toContain(userId);

    // Archiving ended their session here, and they cannot sign in to the organization again.
    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(moverSession.access_token),
    });
    expect(me.statusCode).toBe(401);
    const sessions = await platform.deps.db
      .selectFrom('auth_sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', userId)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null && s.revoked_reason === 'user archived')).toBe(true);
    await expect(signInToOrg(platform.app, 'mover@plant.io', 'Mover#2026')).rejects.toThrow();

    expect((await call('POST', `${users()}/${userId}/archive`)).statusCode).toBe(409);

    const invited = await call('POST', `/api/role_mgmt/orgs/${orgId}/invitations`, {
      email: 'fresh@plant.io',
    });
    expect(invited.statusCode).toBe(201);
    expect(await counts()).toEqual({
      active: start.active - 1,
      archived: start.archived + 1,
      invites: start.invites + 1,
    });

    const unarchived = await call('POST', `${users()}/${userId}/unarchive`);
    expect(unarchived.statusCode).toBe(200);
    expect(unarchived.json().archived_at).toBeNull();
    expect(await counts()).toEqual({ ...start, invites: start.invites + 1 });
    expect((await call('POST', `${users()}/${userId}/unarchive`)).statusCode).toBe(409);
    await signInToOrg(platform.app, 'mover@plant.io', 'Mover#2026');

    const actions = (await activityOf(platform.deps.db, orgId)).filter((e) => e.entity_id === userId);
    expect(actions.map((e) => e.action)).toEqual(['archived', 'unarchived']);
    expect(actions[0]).toMatchObject({ app: 'roleManager', actor_id: adminId, entity_type: 'user' });
    expect(actions[0]?.before).toMatchObject({ archived_at: null });
  });

  it('unarchiving a re-invited member revokes the pending invitation', async () => {
    const userId = await addMember(platform.deps.db, orgId, {
      email: 'direct@plant.io',
      password: 'Direct#2026',
    });
    await call('POST', `${users()}/${userId}/archive`);
    await call('POST', `/api/role_mgmt/orgs/${orgId}/invitations`, { email: 'direct@plant.io' });
    const before = await counts();
    await call('POST', `${users()}/${userId}/unarchive`);
    expect(await counts()).toEqual({
      active: before.active + 1,
      archived: before.archived,
      invites: before.invites - 1,
    });
  });

  it('nobody archives themselves or the last admin', async () => {
    const self = await call('POST', `${users()}/${adminId}/archive`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot archive yourself');

    // An organization of its own, so that its one admin is certainly the last one.
    const db = platform.deps.db;
    const solo = await db
      .insertInto('orgs')
      .values({ name: 'Solo Works', slug: 'solo-works', apps: JSON.stringify(['roleManager']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const soloAdmin = await addMember(db, solo.id, {
      email: 'solo@works.io',
      password: 'Solo#2026',
      role: 'admin',
    });
    const groupId = await createGroup(db, solo.id, {
      name: 'User managers',
      apps: ['roleManager'],
      permissions: ['roleManager.view', 'roleManager.manageUsers'],
    });
    const managerId = await addMember(db, solo.id, {
      email: 'manager@works.io',
      password: 'Manager#2026',
      groupIds: [groupId],
    });
    const managerToken = (await signInToOrg(platform.app, 'manager@works.io', 'Manager#2026')).access_token;
    const soloToken = (await signInToOrg(platform.app, 'solo@works.io', 'Solo#2026')).access_token;
    const soloUsers = `/api/role_mgmt/orgs/${solo.id}/users`;
    const lastAdmin = await call('POST', `${soloUsers}/${soloAdmin}/archive`, undefined, managerToken);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().detail).toContain('last admin');
    expect((await call('DELETE', `${soloUsers}/${soloAdmin}`, undefined, managerToken)).statusCode).toBe(409);
    // Nor can a non-admin take the admin role away, or give it to themselves.
    expect(
      (await call('PUT', `${soloUsers}/${soloAdmin}`, { role: 'member' }, managerToken)).statusCode,
    ).toBe(403);
    expect((await call('PUT', `${soloUsers}/${managerId}`, { role: 'admin' }, managerToken)).statusCode).toBe(
      403,
    );
    // The admin cannot demote themselves while they are the last one...
    expect((await call('PUT', `${soloUsers}/${soloAdmin}`, { role: 'member' }, soloToken)).statusCode).toBe(
      409,
    );
    // ...but can once there is a second admin.
    expect((await call('PUT', `${soloUsers}/${managerId}`, { role: 'admin' }, soloToken)).statusCode).toBe(
      200,
    );
    const demoted = await call('PUT', `${soloUsers}/${soloAdmin}`, { role: 'member' }, soloToken);
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().role).toBe('member');
  });
});

describe('PUT /role_mgmt/orgs/{orgId}/users/{id}', () => {
  it('changes role, custom role, groups, assets, apps, name and phone, recording before and after', async () => {
    const db = platform.deps.db;
    const userId = await addMember(db, orgId, {
      email: 'edit@plant.io',
      password: 'Edit#2026',
      name: 'Edit Me',
    });
    const groupId = await createGroup(db, orgId, { name: 'Editors', apps: ['dashboards'] });
    const role = await db
      .insertInto('roles')
      .values({ org_id: orgId, name: 'Shift lead', permissions: JSON.stringify(['alerts.view']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await call('PUT', `${users()}/${userId}`, {
      name: 'Edited',
      phone: '+49 89 1234',
      custom_role_id: role.id,
      user_group_ids: [groupId, groupId],
      assets: ['a-1', 'a-2'],
      apps: ['alerts', 'dashboards'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Edited',
      phone: '+49 89 1234',
      role: 'member',
      custom_role: { id: role.id, name: 'Shift lead' },
      user_groups: [{ id: groupId, name: 'Editors' }],
      assets: ['a-1', 'a-2'],
      apps: ['dashboards', 'alerts'],
    });
    const promoted = await call('PUT', `${users()}/${userId}`, { role: 'admin', user_group_ids: [] });
    expect(promoted.json()).toMatchObject({ role: 'admin', user_groups: [], name: 'Edited' });

    const entry = (await activityOf(db, orgId)).filter(
      (e) => e.entity_id === userId && e.action === 'updated',
    )[0];
    expect(entry?.before).toMatchObject({ name: 'Edit Me', custom_role: null });
    expect(entry?.after).toMatchObject({ name: 'Edited', custom_role: { name: 'Shift lead' } });
  });

  it('answers 400 naming each field that points outside the organization, and changes nothing', async () => {
    const db = platform.deps.db;
    const userId = await addMember(db, orgId, { email: 'strict@plant.io', password: 'Strict#2026' });
    const other = await db
      .insertInto('orgs')
      .values({ name: 'Other Plant', slug: 'other-plant', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignRole = await db
      .insertInto('roles')
      .values({ org_id: other.id, name: 'Foreign' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignGroup = await createGroup(db, other.id, { name: 'Foreign group', apps: ['dashboards'] });
    const response = await call('PUT', `${users()}/${userId}`, {
      name: 'Should not stick',
      custom_role_id: foreignRole.id,
      user_group_ids: [foreignGroup],
      apps: ['tenantManager'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.custom_role_id',
      'body.user_group_ids.0',
      'body.apps.0',
    ]);
    const shape = await call('PUT', `${users()}/${userId}`, {
      role: 'owner',
      apps: ['nope'],
      email: 'x@y.io',
    });
    expect(shape.statusCode).toBe(400);
    const user = (await call('GET', `${users()}/${userId}`)).json();
    expect(user.name).not.toBe('Should not stick');
  });

  it('answers 404 for someone who is not in the organization', async () => {
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Far Away', slug: 'far-away', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = await addMember(platform.deps.db, other.id, {
      email: 'stranger@far.io',
      password: 'Far#20260',
    });
    expect((await call('GET', `${users()}/${stranger}`)).statusCode).toBe(404);
    expect((await call('PUT', `${users()}/${stranger}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('POST', `${users()}/${stranger}/archive`)).statusCode).toBe(404);
    expect((await call('DELETE', `${users()}/${stranger}`)).statusCode).toBe(404);
  });
});

describe('DELETE /role_mgmt/orgs/{orgId}/users/{id}', () => {
  it('removes the membership, groups and sessions; the account stays', async () => {
    const db = platform.deps.db;
    const groupId = await createGroup(db, orgId, { name: 'Leavers', apps: ['dashboards'] });
    const userId = await addMember(db, orgId, {
      email: 'leaver@plant.io',
      password: 'Leaver#2026',
      groupIds: [groupId],
    });
    const session = await signInToOrg(platform.app, 'leaver@plant.io', 'Leaver#2026');
    const before = await counts();
    const response = await call('DELETE', `${users()}/${userId}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await counts()).toEqual({ ...before, active: before.active - 1 });
    expect((await call('GET', `${users()}/${userId}`)).statusCode).toBe(404);
    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(401);
    const groupRows = await db
      .selectFrom('user_group_members')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(groupRows).toEqual([]);
    expect(
      await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeDefined();
    const entry = (await activityOf(db, orgId)).find((e) => e.entity_id === userId && e.action === 'deleted');
    expect(entry?.before).toMatchObject({ email: 'leaver@plant.io' });
    const self = await call('DELETE', `${users()}/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot remove yourself from the organization');
  });
});

describe('permissions and tenancy', () => {
  it('needs roleManager.view to list and roleManager.manageUsers to change', async () => {
    const viewers = await createGroup(platform.deps.db, orgId, {
      name: 'Role viewers',
      apps: ['roleManager'],
      permissions: ['roleManager.view'],
    });
    const userId = await addMember(platform.deps.db, orgId, {
      email: 'looker@plant.io',
      password: 'Looker#2026',
      groupIds: [viewers],
    });
    const token = (await signInToOrg(platform.app, 'looker@plant.io', 'Looker#2026')).access_token;
    const list = await call('GET', users(), undefined, token);
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual(['roleManager.view']);
    const change = await call('PUT', `${users()}/${userId}`, { name: 'Self-made' }, token);
    expect(change.statusCode).toBe(403);
    expect(change.json().detail).toContain('Role Manager');
  });

  it('an organization admin cannot touch another organization (403)', async () => {
    const db = platform.deps.db;
    const other = await db
      .insertInto('orgs')
      .values({
        name: 'Rival Plant',
        slug: 'rival-plant',
        apps: JSON.stringify(['roleManager', 'dashboards']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(db, other.id, { email: 'rival@plant.io', password: 'Rival#2026', role: 'admin' });
    const rivalToken = (await signInToOrg(platform.app, 'rival@plant.io', 'Rival#2026')).access_token;
    const victim = `/api/role_mgmt/orgs/${orgId}`;
    const attempts = [
      await call('GET', `${victim}/users`, undefined, rivalToken),
      await call('GET', `${victim}/users/${adminId}`, undefined, rivalToken),
      await call('PUT', `${victim}/users/${adminId}`, { name: 'Pwned' }, rivalToken),
      await call('POST', `${victim}/users/${adminId}/archive`, undefined, rivalToken),
      await call('DELETE', `${victim}/users/${adminId}`, undefined, rivalToken),
      await call('POST', `${victim}/invitations`, { email: 'spy@rival.io' }, rivalToken),
      await call('GET', `${victim}/invitations`, undefined, rivalToken),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    // Nor through its own org path with the victim's user id.
    const sideways = await call(
      'GET',
      `/api/role_mgmt/orgs/${other.id}/users/${adminId}`,
      undefined,
      rivalToken,
    );
    expect(sideways.statusCode).toBe(404);
    const admin = (await call('GET', `${users()}/${adminId}`)).json();
    expect(admin.name).toBe(DEMO_ADMIN.name);
  });
});
