/** Tenant isolation of the Role Manager groups, roles, projects and activity routes. */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin, type RoleManagerClient, roleManagerClient } from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let victim: RoleManagerClient;
let intruderOrgId: string;
let intruderToken: string;
const ids = { group: '', role: '', project: '' };

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  victimOrgId = session.org_id;
  victim = roleManagerClient(platform, victimOrgId, session.access_token);
  ids.group = (await victim.get('/user_groups')).json().user_groups[0].id;
  ids.role = (await victim.get('/roles')).json().roles[0].id;
  ids.project = (await victim.get('/projects')).json().projects[0].id;
  const intruder = await addOrgWithAdmin(platform, {
    name: 'Intruder Works',
    slug: 'intruder-works',
    email: 'admin@intruder-works.io',
    apps: [...APP_KEYS],
  });
  intruderOrgId = intruder.orgId;
  intruderToken = intruder.token;
});
afterAll(() => platform.close());

/** Every route of these modules, with bodies an admin of the victim organization could send. */
function routes(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object }[] {
  const group = { name: 'Hijacked', apps: ['dashboards'], permissions: ['dashboards.view'] };
  return [
    { method: 'GET', path: '/user_groups' },
    { method: 'POST', path: '/user_groups', payload: group },
    { method: 'GET', path: `/user_groups/${ids.group}` },
    { method: 'PUT', path: `/user_groups/${ids.group}`, payload: group },
    { method: 'POST', path: `/user_groups/${ids.group}/archive` },
    { method: 'POST', path: `/user_groups/${ids.group}/unarchive` },
    { method: 'DELETE', path: `/user_groups/${ids.group}` },
    { method: 'GET', path: '/roles' },
    { method: 'POST', path: '/roles', payload: { name: 'Hijacked' } },
    { method: 'GET', path: `/roles/${ids.role}` },
    { method: 'PUT', path: `/roles/${ids.role}`, payload: { name: 'Hijacked' } },
    { method: 'DELETE', path: `/roles/${ids.role}` },
    { method: 'GET', path: '/projects' },
    { method: 'POST', path: '/projects', payload: { name: 'Hijacked' } },
    { method: 'GET', path: `/projects/${ids.project}` },
    { method: 'PUT', path: `/projects/${ids.project}`, payload: { name: 'Hijacked' } },
    { method: 'POST', path: `/projects/${ids.project}/archive` },
    { method: 'POST', path: `/projects/${ids.project}/unarchive` },
    { method: 'DELETE', path: `/projects/${ids.project}` },
    { method: 'GET', path: '/activity' },
  ];
}

async function victimSnapshot() {
  const db = platform.deps.db;
  const scoped = async (table: 'user_groups' | 'roles' | 'projects' | 'activity' | 'user_group_members') =>
    db.selectFrom(table).selectAll().where('org_id', '=', victimOrgId).execute();
  return {
    groups: await scoped('user_groups'),
    members: await scoped('user_group_members'),
    roles: await scoped('roles'),
    projects: await scoped('projects'),
    activity: (await scoped('activity')).length,
  };
}

describe('Role Manager tenant isolation', () => {
  it("answers 403 to another organization's admin on every route and changes nothing", async () => {
    const before = await victimSnapshot();
    for (const route of routes()) {
      const response = await platform.app.inject({
        method: route.method,
        url: `/api/role_mgmt/orgs/${victimOrgId}${route.path}`,
        headers: { authorization: `Bearer ${intruderToken}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
      expect(response.json().detail).toBe('You can only reach the organization you are signed in to');
    }
    expect(await victimSnapshot()).toEqual(before);
  });

  it("answers 404 when the intruder names the victim's items under their own organization", async () => {
    const before = await victimSnapshot();
    const intruder = roleManagerClient(platform, intruderOrgId, intruderToken);
    for (const route of routes().filter((r) => /\/[0-9a-f-]{36}/.test(r.path))) {
      const response = await platform.app.inject({
        method: route.method,
        url: `/api/role_mgmt/orgs/${intruderOrgId}${route.path}`,
        headers: { authorization: `Bearer ${intruderToken}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
    }
    // Their own lists show none of the victim's data.
    expect((await intruder.get('/user_groups')).json().counts).toEqual({ active: 0, archived: 0 });
    expect((await intruder.get('/roles')).json().total_entries).toBe(0);
    expect((await intruder.get('/projects')).json().counts).toEqual({ active: 0, archived: 0 });
    expect((await intruder.get('/activity')).json().total_entries).toBe(0);
    expect(await victimSnapshot()).toEqual(before);
  });

  it("refuses the victim's members as group or project members of another organization", async () => {
    const intruder = roleManagerClient(platform, intruderOrgId, intruderToken);
    const victimAdmin = (await signInToOrg(platform.app)).user_id;
    const group = await intruder.post('/user_groups', { name: 'Poached', member_ids: [victimAdmin] });
    expect(group.statusCode).toBe(400);
    const project = await intruder.post('/projects', { name: 'Poached', manager_id: victimAdmin });
    expect(project.statusCode).toBe(400);
  });
});
