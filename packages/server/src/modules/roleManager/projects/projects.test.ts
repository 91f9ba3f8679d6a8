import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';
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

const adminRef = () => ({ id: adminId, name: DEMO_ADMIN.name, email: DEMO_ADMIN.email });

async function projectRowCount(): Promise<number> {
  const row = await platform.deps.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('projects CRUD', () => {
  it('lists the seeded demo projects newest first with counts and abilities', async () => {
    const response = await admin.get('/projects');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.projects.map((p: { name: string }) => p.name)).toEqual([
      'Packaging Hall',
      'Boiler House',
      'Line 1 Assembly',
    ]);
    expect(body).toMatchObject({ total_entries: 3, counts: { active: 3, archived: 0 } });
    expect(body.projects[0]).toMatchObject({ manager: adminRef(), created_by: adminRef() });
    expect(body.abilities).toContain('roleManager.manageProjects');
  });

  it('creates a project with the caller as creator, then reads, replaces and deletes it', async () => {
    const lead = await addMember(platform, orgId, { email: 'lead@ferrite.dev', name: 'Lea Lead' });
    const tech = await addMember(platform, orgId, { email: 'tech@ferrite.dev', name: 'Tom Tech' });
    const before = Date.now();
    const created = await admin.post('/projects', {
      name: '  Paint Shop ',
      description: 'Robots and ovens',
      manager_id: lead,
      member_ids: [tech, lead, tech],
      metadata: [{ key: 'Area', value: 'B2' }],
      location: { address: 'Hall B', latitude: 48.1, longitude: 11.5 },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({
      name: 'Paint Shop',
      description: 'Robots and ovens',
      manager: { id: lead, name: 'Lea Lead', email: 'lead@ferrite.dev' },
      members: [
        { id: lead, name: 'Lea Lead', email: 'lead@ferrite.dev' },
        { id: tech, name: 'Tom Tech', email: 'tech@ferrite.dev' },
      ],
      metadata: [{ key: 'Area', value: 'B2' }],
      location: { address: 'Hall B', latitude: 48.1, longitude: 11.5 },
      created_by: adminRef(),
      archived_at: null,
    });
    expect(new Date(project.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await admin.get(`/projects/${project.id}`)).json()).toEqual(project);
    expect((await admin.get('/projects')).json().projects[0].id).toBe(project.id);

    const replaced = await admin.put(`/projects/${project.id}`, { name: 'Paint Shop 2', member_ids: [tech] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Paint Shop 2',
      description: '',
      manager: null,
      members: [{ id: tech }],
      metadata: [],
      location: { address: '', latitude: null, longitude: null },
      created_by: adminRef(),
      created_at: project.created_at,
    });

    expect((await admin.delete(`/projects/${project.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/projects/${project.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/projects/${project.id}`, { name: 'Ghost' })).statusCode).toBe(404);

    const log = await platform.deps.db
      .selectFrom('activity')
      .selectAll()
      .where('entity_id', '=', project.id)
      .orderBy('id')
      .execute();
    expect(log.map((e) => [e.action, e.entity_type, e.app, e.actor_id])).toEqual([
      ['created', 'project', 'roleManager', adminId],
      ['updated', 'project', 'roleManager', adminId],
      ['deleted', 'project', 'roleManager', adminId],
    ]);
    expect(log[1]?.before).toMatchObject({ name: 'Paint Shop', manager: { id: lead } });
    expect(log[1]?.after).toMatchObject({ name: 'Paint Shop 2', manager: null });
    expect(log[2]).toMatchObject({ summary: 'Deleted project "Paint Shop 2"', after: null });
  });

  it('searches name and description and pages', async () => {
    const page = (await admin.get('/projects', { search: 'BOILER' })).json();
    expect(page.projects.map((p: { name: string }) => p.name)).toEqual(['Boiler House']);
    const byDescription = (await admin.get('/projects', { search: 'cappers' })).json();
    expect(byDescription.projects.map((p: { name: string }) => p.name)).toEqual(['Packaging Hall']);
    const second = (await admin.get('/projects', { page_size: 2, page_number: 2 })).json();
    expect(second.projects).toHaveLength(1);
    expect(second.total_entries).toBe(3);
    const bad = await admin.get('/projects', { page_size: 0 });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(['query.page_size']);
  });
});

describe('project validation', () => {
  it('names the bad field and writes nothing', async () => {
    const rival = await addOrgWithAdmin(platform, {
      name: 'Project Rivals',
      slug: 'project-rivals',
      email: 'admin@project-rivals.io',
      apps: ['roleManager'],
    });
    const gone = await addMember(platform, orgId, { email: 'left@ferrite.dev', archived: true });
    const count = await projectRowCount();

    const noName = await admin.post('/projects', { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([{ path: 'body.name', message: 'Please enter a project name' }]);

    const strangers = await admin.post('/projects', {
      name: 'Strangers',
      manager_id: rival.userId,
      member_ids: [adminId, gone],
    });
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json()).toMatchObject({
      detail:
        'body.manager_id: Not an active member of this organization; body.member_ids.1: Not an active member of this organization',
      errors: [
        { path: 'body.manager_id', message: 'Not an active member of this organization' },
        { path: 'body.member_ids.1', message: 'Not an active member of this organization' },
      ],
    });

    const shapes = await admin.post('/projects', {
      name: 'Shapes',
      manager_id: 'not-a-uuid',
      location: { address: '', latitude: 91, longitude: null },
      metadata: [{ key: '', value: 'x' }],
    });
    expect(shapes.statusCode).toBe(400);
    expect(errorPaths(shapes).sort()).toEqual([
      'body.location.latitude',
      'body.manager_id',
      'body.metadata.0.key',
    ]);

    const duplicateKeys = await admin.post('/projects', {
      name: 'Keys',
      metadata: [
        { key: 'Area', value: '1' },
        { key: 'area', value: '2' },
      ],
    });
    expect(duplicateKeys.statusCode).toBe(400);
    expect(duplicateKeys.json().errors).toEqual([
      { path: 'body.metadata.1.key', message: 'This key already exists' },
    ]);

    expect((await admin.get('/projects/not-a-uuid')).json().errors).toEqual([
      { path: 'path.id', message: 'id must be a UUID' },
    ]);
    expect(await projectRowCount()).toBe(count);
  });

  it('lets an edit keep people who have left the organization since, but not add them', async () => {
    const leaver = await addMember(platform, orgId, { email: 'leaver@ferrite.dev' });
    const project = (
      await admin.post('/projects', { name: 'Legacy', manager_id: leaver, member_ids: [leaver] })
    ).json();
    await platform.deps.db
      .updateTable('memberships')
      .set({ archived_at: new Date() })
      .where('user_id', '=', leaver)
      .execute();
    const kept = await admin.put(`/projects/${project.id}`, {
      name: 'Legacy renamed',
      manager_id: leaver,
      member_ids: [leaver],
    });
    expect(kept.statusCode).toBe(200);
    const other = (await admin.post('/projects', { name: 'Fresh' })).json();
    const added = await admin.put(`/projects/${other.id}`, { name: 'Fresh', manager_id: leaver });
    expect(added.statusCode).toBe(400);
    expect(errorPaths(added)).toEqual(['body.manager_id']);
  });
});

describe('archiving projects', () => {
  it('moves a project to the front of the archived tab with counts that follow, and back', async () => {
    const start = (await admin.get('/projects')).json().counts;
    const first = (await admin.post('/projects', { name: 'Old Line' })).json();
    const second = (await admin.post('/projects', { name: 'Older Line' })).json();
    // Archive the newer project first: the archived tab orders by archive time, not creation time.
    expect((await admin.post(`/projects/${second.id}/archive`)).statusCode).toBe(200);
    const archived = await admin.post(`/projects/${first.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();

    const active = (await admin.get('/projects')).json();
    expect(active.counts).toEqual({ active: start.active, archived: start.archived + 2 });
    expect(active.projects.map((p: { id: string }) => p.id)).not.toContain(first.id);
    const archivedTab = (await admin.get('/projects', { is_archived: true })).json();
    expect(archivedTab.total_entries).toBe(start.archived + 2);
    expect(archivedTab.projects[0].id).toBe(first.id);
    expect(archivedTab.projects[1].id).toBe(second.id);

    const again = await admin.post(`/projects/${first.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Project "Old Line" is already archived');

    const restored = await admin.post(`/projects/${first.id}/unarchive`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archived_at).toBeNull();
    expect((await admin.post(`/projects/${first.id}/unarchive`)).statusCode).toBe(409);
    const after = (await admin.get('/projects')).json();
    expect(after.counts).toEqual({ active: start.active + 1, archived: start.archived + 1 });
    // Unarchived, it is again the newest active project.
    expect(after.projects[0].id).toBe(first.id);

    const actions = await platform.deps.db
      .selectFrom('activity')
      .select(['action', 'summary'])
      .where('entity_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'created', summary: 'Created project "Old Line"' },
      { action: 'archived', summary: 'Archived project "Old Line"' },
      { action: 'unarchived', summary: 'Unarchived project "Old Line"' },
    ]);
  });
});

describe('simultaneous archiving', () => {
  it('archives once when two requests race, logging one entry', async () => {
    const project = (await admin.post('/projects', { name: 'Racing Line' })).json();
    const results = await Promise.all([
      admin.post(`/projects/${project.id}/archive`),
      admin.post(`/projects/${project.id}/archive`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const archivedEntries = await platform.deps.db
      .selectFrom('activity')
      .select('id')
      .where('entity_id', '=', project.id)
      .where('action', '=', 'archived')
      .execute();
    expect(archivedEntries).toHaveLength(1);
  });
});

describe('project permissions', () => {
  it('lets a viewer list projects but not change them', async () => {
    const viewer = await addMember(platform, orgId, { email: 'project.viewer@ferrite.dev' });
    await platform.deps.db
      .insertInto('user_groups')
      .values({
        org_id: orgId,
        name: 'Project viewers',
        apps: JSON.stringify(['roleManager']),
        permissions: JSON.stringify(['roleManager.view']),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((group) =>
        platform.deps.db
          .insertInto('user_group_members')
          .values({ org_id: orgId, group_id: group.id, user_id: viewer })
          .execute(),
      );
    const asViewer = roleManagerClient(
      platform,
      orgId,
      await memberToken(platform, 'project.viewer@ferrite.dev'),
    );
    const list = await asViewer.get('/projects');
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual(['roleManager.view']);
    const someId = list.json().projects[0].id;
    const count = await projectRowCount();
    for (const response of [
      await asViewer.post('/projects', { name: 'Nope' }),
      await asViewer.put(`/projects/${someId}`, { name: 'Nope' }),
      await asViewer.delete(`/projects/${someId}`),
      await asViewer.post(`/projects/${someId}/archive`),
      await asViewer.post(`/projects/${someId}/unarchive`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You do not have permission to manage projects in Role Manager');
    }
    expect(await projectRowCount()).toBe(count);
  });
});
