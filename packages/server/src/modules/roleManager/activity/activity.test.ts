import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';
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
let planner: RoleManagerClient;
let plannerId: string;
let projectId: string;

interface Entry {
  id: string;
  summary: string;
  app: string;
  actor: { id: string; name: string; email: string } | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

const summaries = (body: { activity: Entry[] }) => body.activity.map((entry) => entry.summary);

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  adminId = session.user_id;
  admin = roleManagerClient(platform, orgId, session.access_token);

  // A planner who may manage projects (through a group) but not read the activity log.
  plannerId = await addMember(platform, orgId, { email: 'planner@ferrite.dev', name: 'Pia Planner' });
  const group = await admin.post('/user_groups', {
    name: 'Planners',
    apps: ['roleManager'],
    permissions: ['roleManager.manageProjects'],
    member_ids: [plannerId],
  });
  expect(group.statusCode).toBe(201);
  planner = roleManagerClient(platform, orgId, await memberToken(platform, 'planner@ferrite.dev'));

  projectId = (await admin.post('/projects', { name: 'Compressor Room' })).json().id;
  expect((await planner.post('/projects', { name: 'Cooling Tower' })).statusCode).toBe(201);
  expect((await planner.post(`/projects/${projectId}/archive`)).statusCode).toBe(200);

  // Older entries of another app, at known times, for the date window.
  for (const [summary, at] of [
    ['Created dashboard "Energy 2024"', '2024-01-15T10:00:00Z'],
    ['Shared dashboard "Energy 2024"', '2024-06-15T10:00:00Z'],
    ['Deleted dashboard "Energy 2024"', '2024-12-15T10:00:00Z'],
  ] as const) {
    await platform.deps.db
      .insertInto('activity')
      .values({
        org_id: orgId,
        actor_id: adminId,
        app: 'dashboards',
        action: 'created',
        entity_type: 'dashboard',
        entity_id: null,
        summary,
        before: null,
        after: JSON.stringify({ name: 'Energy 2024' }),
        created_at: new Date(at),
      })
      .execute();
  }
});
afterAll(() => platform.close());

describe('GET /activity', () => {
  it('answers every entry newest first with the actor and before/after', async () => {
    const response = await admin.get('/activity');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total_entries).toBe(7);
    expect(summaries(body)).toEqual([
      'Archived project "Compressor Room"',
      'Created project "Cooling Tower"',
      'Created project "Compressor Room"',
      'Created user group "Planners"',
      'Deleted dashboard "Energy 2024"',
      'Shared dashboard "Energy 2024"',
      'Created dashboard "Energy 2024"',
    ]);
    const archived = body.activity[0] as Entry;
    expect(archived).toMatchObject({
      app: 'roleManager',
      action: 'archived',
      entity_type: 'project',
      entity_id: projectId,
      actor: { id: plannerId, name: 'Pia Planner', email: 'planner@ferrite.dev' },
      before: { name: 'Compressor Room', archived_at: null },
      after: { name: 'Compressor Room', archived_at: expect.any(String) },
    });
    expect(typeof archived.id).toBe('string');
    expect((body.activity[3] as Entry).actor).toEqual({
      id: adminId,
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
    });
  });

  it('filters by person, app, dates and summary text, and pages', async () => {
    const byPlanner = (await admin.get('/activity', { user_id: plannerId })).json();
    expect(summaries(byPlanner)).toEqual([
      'Archived project "Compressor Room"',
      'Created project "Cooling Tower"',
    ]);
    const dashboards = (await admin.get('/activity', { app: 'dashboards' })).json();
    expect(dashboards.total_entries).toBe(3);
    const window = (
      await admin.get('/activity', { from_date: '2024-02-01T00:00:00Z', to_date: '2024-12-15T10:00:00Z' })
    ).json();
    expect(summaries(window)).toEqual(['Deleted dashboard "Energy 2024"', 'Shared dashboard "Energy 2024"']);
    const since = (await admin.get('/activity', { from_date: '2025-01-01T00:00:00+01:00' })).json();
    expect(since.total_entries).toBe(4);
    const text = (await admin.get('/activity', { search: 'compressor', app: 'roleManager' })).json();
    expect(summaries(text)).toEqual([
      'Archived project "Compressor Room"',
      'Created project "Compressor Room"',
    ]);
    const combined = (await admin.get('/activity', { search: 'compressor', user_id: adminId })).json();
    expect(summaries(combined)).toEqual(['Created project "Compressor Room"']);
    const page = (await admin.get('/activity', { page_size: 3, page_number: 3 })).json();
    expect(page).toMatchObject({ total_entries: 7 });
    expect(summaries(page)).toEqual(['Created dashboard "Energy 2024"']);
  });

  it('refuses bad filters with the field path', async () => {
    const reversed = await admin.get('/activity', {
      from_date: '2025-01-02T00:00:00Z',
      to_date: '2025-01-01T00:00:00Z',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      { path: 'query.to_date', message: 'to_date must not be before from_date' },
    ]);
    expect(errorPaths(await admin.get('/activity', { from_date: 'yesterday' }))).toEqual(['query.from_date']);
    expect(errorPaths(await admin.get('/activity', { app: 'nowhere' }))).toEqual(['query.app']);
    expect(errorPaths(await admin.get('/activity', { user_id: '42' }))).toEqual(['query.user_id']);
  });

  it('is only for members who may view activity', async () => {
    const denied = await planner.get('/activity');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('You do not have permission to view activity in Role Manager');
  });
});
