import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addMember,
  addOrgWithAdmin,
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

const groupBody = (name: string, extra: object = {}) => ({
  name,
  description: `${name} group`,
  apps: ['dashboards', 'alerts'],
  permissions: ['dashboards.view', 'dashboards.share', 'alerts.acknowledge'],
  ...extra,
});

async function groupRowCount(): Promise<number> {
  const row = await platform.deps.db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function activityFor(entityId: string) {
  return platform.deps.db
    .selectFrom('activity')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

describe('user groups CRUD', () => {
  it('lists the seeded groups with counts and the caller abilities', async () => {
    const response = await admin.get('/user_groups');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user_groups.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['Operators', 'Engineers']),
    );
    expect(body.counts).toEqual({ active: body.total_entries, archived: 0 });
    expect(body.abilities).toContain('roleManager.manageUserGroups');
  });

  it('creates, reads, updates and deletes a group, logging each write with before and after', async () => {
    const member = await addMember(platform, orgId, { email: 'crud.member@ferrite.dev' });
    const created = await admin.post('/user_groups', groupBody('Quality', { member_ids: [member, member] }));
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      name: 'Quality',
      description: 'Quality group',
      apps: ['dashboards', 'alerts'],
      permissions: ['alerts.acknowledge', 'dashboards.share', 'dashboards.view'],
      member_count: 1,
      member_ids: [member],
      archived_at: null,
    });

    expect((await admin.get(`/user_groups/${group.id}`)).json()).toEqual(group);

    // member_ids left out keeps the members; description falls back to ''.
    const renamed = await admin.put(`/user_groups/${group.id}`, {
      name: 'Quality Control',
      apps: ['dashboards'],
      permissions: ['dashboards.view'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Quality Control',
      description: '',
      apps: ['dashboards'],
      member_ids: [member],
    });
    const emptied = await admin.put(`/user_groups/${group.id}`, { name: 'Quality Control', member_ids: [] });
    expect(emptied.json()).toMatchObject({ member_count: 0, member_ids: [], apps: [], permissions: [] });

    const deleted = await admin.delete(`/user_groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await admin.get(`/user_groups/${group.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/user_groups/${group.id}`)).statusCode).toBe(404);

    const log = await activityFor(group.id);
    expect(log.map((entry) => entry.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(log.every((entry) => entry.app === 'roleManager' && entry.entity_type === 'user_group')).toBe(
      true,
    );
    expect(log.every((entry) => entry.actor_id === adminId)).toBe(true);
    expect(log[0]).toMatchObject({ summary: 'Created user group "Quality"', before: null });
    expect(log[0]?.after).toMatchObject({ name: 'Quality', member_ids: [member] });
    expect(log[1]?.before).toMatchObject({ name: 'Quality' });
    expect(log[1]?.after).toMatchObject({ name: 'Quality Control' });
    expect(log[3]).toMatchObject({ summary: 'Deleted user group "Quality Control"', after: null });
  });

  it('searches by name and pages newest first', async () => {
    for (const name of ['Paging A', 'Paging B', 'Paging C']) {
      expect((await admin.post('/user_groups', groupBody(name))).statusCode).toBe(201);
    }
    const first = (await admin.get('/user_groups', { search: 'paging', page_size: 2 })).json();
    expect(first.total_entries).toBe(3);
    expect(first.user_groups.map((g: { name: string }) => g.name)).toEqual(['Paging C', 'Paging B']);
    const second = (
      await admin.get('/user_groups', { search: 'paging', page_size: 2, page_number: 2 })
    ).json();
    expect(second.user_groups.map((g: { name: string }) => g.name)).toEqual(['Paging A']);
    // LIKE wildcards in the search text are taken literally.
    expect((await admin.get('/user_groups', { search: '%' })).json().total_entries).toBe(0);
  });
});

describe('user group validation', () => {
  it('names every bad field with its path and writes nothing', async () => {
    const before = await groupRowCount();
    const empty = await admin.post('/user_groups', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'body.name', message: 'Please enter a group name' }]);

    const unknown = await admin.post('/user_groups', groupBody('Bad', { permissions: ['dashboards.fly'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'body.permissions.0', message: 'Unknown permission' }]);

    const badApp = await admin.post('/user_groups', groupBody('Bad', { apps: ['dashboards', 'nowhere'] }));
    expect(badApp.statusCode).toBe(400);
    expect(errorPaths(badApp)).toEqual(['body.apps.1']);

    const extra = await admin.post('/user_groups', groupBody('Bad', { colour: 'red' }));
    expect(extra.statusCode).toBe(400);

    const actionOutsideApps = await admin.post(
      '/user_groups',
      groupBody('Bad', { apps: ['dashboards'], permissions: ['dashboards.view', 'iotManager.actuate'] }),
    );
    expect(actionOutsideApps.statusCode).toBe(400);
    expect(actionOutsideApps.json().errors).toEqual([
      {
        path: 'body.permissions.1',
        message: "iotManager.actuate needs IoT Manager (iotManager) in the group's apps",
      },
    ]);

    const reserved = await admin.post(
      '/user_groups',
      groupBody('Bad', { apps: ['tenantManager'], permissions: ['tenantManager.view'] }),
    );
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toEqual([
      { path: 'body.apps.0', message: 'Tenant Manager (tenantManager) is reserved for platform admins' },
    ]);
    expect(await groupRowCount()).toBe(before);
  });

  it('refuses apps outside the organization, naming the app', async () => {
    const org = await platform.deps.db
      .selectFrom('orgs')
      .select('apps')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    const withoutPdm = APP_KEYS.filter((app) => app !== 'pdm');
    await platform.deps.db
      .updateTable('orgs')
      .set({ apps: JSON.stringify(withoutPdm) })
      .where('id', '=', orgId)
      .execute();
    try {
      const response = await admin.post(
        '/user_groups',
        groupBody('Predictive', { apps: ['alerts', 'pdm'], permissions: ['alerts.view'] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        title: 'Invalid request',
        detail: "body.apps.1: PDM (pdm) is not one of this organization's apps",
        errors: [{ path: 'body.apps.1', message: "PDM (pdm) is not one of this organization's apps" }],
      });
    } finally {
      await platform.deps.db
        .updateTable('orgs')
        .set({ apps: JSON.stringify(org.apps) })
        .where('id', '=', orgId)
        .execute();
    }
  });

  it('accepts only members of this organization as group members', async () => {
    const rival = await addOrgWithAdmin(platform, {
      name: 'Group Rivals',
      slug: 'group-rivals',
      email: 'admin@group-rivals.io',
      apps: ['dashboards'],
    });
    const gone = await addMember(platform, orgId, { email: 'gone@ferrite.dev', archived: true });
    const before = await groupRowCount();
    const response = await admin.post(
      '/user_groups',
      groupBody('Mixed', { member_ids: [adminId, rival.userId, gone, crypto.randomUUID()] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.member_ids.1', message: 'Not an active member of this organization' },
      { path: 'body.member_ids.2', message: 'Not an active member of this organization' },
      { path: 'body.member_ids.3', message: 'Not an active member of this organization' },
    ]);
    expect(await groupRowCount()).toBe(before);
  });

  it('keeps names unique among active groups, case-insensitively', async () => {
    const first = (await admin.post('/user_groups', groupBody('Night Shift'))).json();
    const clash = await admin.post('/user_groups', groupBody('night shift'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe('An active user group named "night shift" already exists');

    const other = (await admin.post('/user_groups', groupBody('Day Shift'))).json();
    expect((await admin.put(`/user_groups/${other.id}`, groupBody('NIGHT SHIFT'))).statusCode).toBe(409);
    // Saving a group under its own name is not a clash.
    expect((await admin.put(`/user_groups/${first.id}`, groupBody('Night Shift'))).statusCode).toBe(200);

    // Once archived, the name is free again; unarchiving the old one then clashes.
    expect((await admin.post(`/user_groups/${first.id}/archive`)).statusCode).toBe(200);
    const second = await admin.post('/user_groups', groupBody('Night Shift'));
    expect(second.statusCode).toBe(201);
    const unarchive = await admin.post(`/user_groups/${first.id}/unarchive`);
    expect(unarchive.statusCode).toBe(409);
  });
});

describe('simultaneous writes', () => {
  it('lets only one of two simultaneous creations take a name', async () => {
    const results = await Promise.all([
      admin.post('/user_groups', groupBody('Race')),
      admin.post('/user_groups', groupBody('race')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('archiving user groups', () => {
  it('moves a group between tabs with counts that follow, archived newest first', async () => {
    const a = (await admin.post('/user_groups', groupBody('Archive A'))).json();
    const b = (await admin.post('/user_groups', groupBody('Archive B'))).json();
    const counts0 = (await admin.get('/user_groups')).json().counts;

    const archivedA = await admin.post(`/user_groups/${a.id}/archive`);
    expect(archivedA.statusCode).toBe(200);
    expect(archivedA.json().archived_at).not.toBeNull();
    await admin.post(`/user_groups/${b.id}/archive`);

    const active = (await admin.get('/user_groups')).json();
    expect(active.counts).toEqual({ active: counts0.active - 2, archived: counts0.archived + 2 });
    expect(active.user_groups.map((g: { id: string }) => g.id)).not.toContain(a.id);
    const archived = (await admin.get('/user_groups', { is_archived: true })).json();
    expect(archived.total_entries).toBe(counts0.archived + 2);
    expect(archived.user_groups.slice(0, 2).map((g: { id: string }) => g.id)).toEqual([b.id, a.id]);

    expect((await admin.post(`/user_groups/${a.id}/archive`)).statusCode).toBe(409);
    const back = await admin.post(`/user_groups/${a.id}/unarchive`);
    expect(back.json().archived_at).toBeNull();
    expect((await admin.post(`/user_groups/${a.id}/unarchive`)).statusCode).toBe(409);
    expect((await admin.get('/user_groups')).json().counts).toEqual({
      active: counts0.active - 1,
      archived: counts0.archived + 1,
    });
    expect((await activityFor(a.id)).map((e) => e.action)).toEqual(['created', 'archived', 'unarchived']);
  });
});

describe('what a group grants', () => {
  it('gives its members its apps in /api/me, and takes them away while archived', async () => {
    const operator = await addMember(platform, orgId, { email: 'operator@ferrite.dev' });
    const token = await memberToken(platform, 'operator@ferrite.dev');
    const me = async () =>
      (await platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json();
    expect((await me()).abilities.apps).toEqual([]);

    const group = (
      await admin.post(
        '/user_groups',
        groupBody('Floor', {
          apps: ['entityManager', 'dashboards', 'alerts'],
          permissions: ['alerts.acknowledge'],
          member_ids: [operator],
        }),
      )
    ).json();
    const granted = (await me()).abilities;
    expect(granted.apps).toEqual(['entityManager', 'dashboards', 'alerts']);
    expect(granted.permissions).toContain('alerts.acknowledge');

    await admin.post(`/user_groups/${group.id}/archive`);
    expect((await me()).abilities).toEqual({ apps: [], permissions: [] });
    await admin.post(`/user_groups/${group.id}/unarchive`);
    expect((await me()).abilities.apps).toEqual(['entityManager', 'dashboards', 'alerts']);
  });

  it('answers 403 to a member without the needed action', async () => {
    const viewer = await addMember(platform, orgId, { email: 'viewer@ferrite.dev' });
    await addMember(platform, orgId, { email: 'stranger@ferrite.dev' });
    await admin.post(
      '/user_groups',
      groupBody('Role Viewers', { apps: ['roleManager'], permissions: [], member_ids: [viewer] }),
    );
    const asViewer = roleManagerClient(platform, orgId, await memberToken(platform, 'viewer@ferrite.dev'));
    expect((await asViewer.get('/user_groups')).statusCode).toBe(200);
    expect((await asViewer.get('/user_groups')).json().abilities).toEqual(['roleManager.view']);
    const denied = await asViewer.post('/user_groups', groupBody('Sneaky'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('You do not have permission to manage user groups in Role Manager');
    const someGroup = (await admin.get('/user_groups')).json().user_groups[0];
    expect((await asViewer.post(`/user_groups/${someGroup.id}/archive`)).statusCode).toBe(403);
    expect((await asViewer.delete(`/user_groups/${someGroup.id}`)).statusCode).toBe(403);

    const asStranger = roleManagerClient(
      platform,
      orgId,
      await memberToken(platform, 'stranger@ferrite.dev'),
    );
    expect((await asStranger.get('/user_groups')).statusCode).toBe(403);
  });
});
