import { APP_KEYS, DEFAULT_ORG_LIMITS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf, addMember, demoOrgId } from '../../testing/people';
import { bearer, signIn, signInToOrg } from '../../testing/session';
import { createTestPlatform, DEMO_ADMIN, DEMO_ORG, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let adminToken: string;
let adminId: string;
let demoId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  adminToken = session.access_token;
  adminId = session.user_id;
  demoId = await demoOrgId(platform.deps.db);
});
afterAll(() => platform.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = adminToken) =>
  platform.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('Tenant Manager organizations', () => {
  it('lists organizations with the admin, user count and tab totals', async () => {
    const response = await call('GET', '/api/tenant_mgmt/orgs');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({ active: body.total_entries, archived: 0 });
    expect(body.organizations).toEqual([
      expect.objectContaining({
        id: demoId,
        name: DEMO_ORG.name,
        slug: DEMO_ORG.slug,
        limits: DEFAULT_ORG_LIMITS,
        user_count: 1,
        admin: { id: adminId, name: DEMO_ADMIN.name, email: DEMO_ADMIN.email },
        archived_at: null,
      }),
    ]);
  });

  it('creates an organization with all apps and default limits; the creator is its admin', async () => {
    const response = await call('POST', '/api/tenant_mgmt/orgs', { name: 'North Mill', slug: 'north-mill' });
    expect(response.statusCode, response.body).toBe(201);
    const org = response.json();
    expect(org).toMatchObject({
      name: 'North Mill',
      slug: 'north-mill',
      apps: [...APP_KEYS],
      limits: DEFAULT_ORG_LIMITS,
      user_count: 1,
      admin: { id: adminId },
    });
    const picker = await signIn(platform.app);
    expect(picker.orgs.map((o) => o.slug)).toContain('north-mill');
    const entries = await activityOf(platform.deps.db, org.id);
    expect(entries).toEqual([
      expect.objectContaining({
        app: 'tenantManager',
        action: 'created',
        entity_type: 'organization',
        entity_id: org.id,
        actor_id: adminId,
      }),
    ]);
  });

  it('answers 409 with a clear message for a URL that is taken, by an organization or a pending request', async () => {
    const taken = await call('POST', '/api/tenant_mgmt/orgs', { name: 'Copy', slug: DEMO_ORG.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('This organization URL is already taken. Choose another one.');
    await platform.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: {
        name: 'Req',
        email: 'req@pending.io',
        password: 'Pending#2026',
        organization_name: 'Pending Co',
      },
    });
    const reserved = await call('POST', '/api/tenant_mgmt/orgs', { name: 'Pending Co', slug: 'pending-co' });
    expect(reserved.statusCode).toBe(409);
  });

  it('validates the body with field paths', async () => {
    const response = await call('POST', '/api/tenant_mgmt/orgs', {
      name: 'X',
      slug: 'Bad Slug!',
      apps: ['nope'],
      limits: { users: 0, gateways: 1, data_retention_days: 1 },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.name', 'body.slug', 'body.apps.0', 'body.limits.users']),
    );
    const extra = await call('POST', '/api/tenant_mgmt/orgs', { name: 'Extra', slug: 'extra', owner: 'me' });
    expect(extra.statusCode).toBe(400);
  });

  it('updates only what the body names (apps and limits survive a rename)', async () => {
    const created = (
      await call('POST', '/api/tenant_mgmt/orgs', {
        name: 'South Mill',
        slug: 'south-mill',
        apps: ['roleManager', 'dashboards'],
        limits: { users: 5, gateways: 10, data_retention_days: 30 },
      })
    ).json();
    const renamed = await call('PUT', `/api/tenant_mgmt/orgs/${created.id}`, { name: 'South Mill Works' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'South Mill Works',
      slug: 'south-mill',
      apps: ['roleManager', 'dashboards'],
      limits: { users: 5, gateways: 10, data_retention_days: 30 },
    });
    const moved = await call('PUT', `/api/tenant_mgmt/orgs/${created.id}`, { slug: DEMO_ORG.slug });
    expect(moved.statusCode).toBe(409);
    const same = await call('PUT', `/api/tenant_mgmt/orgs/${created.id}`, { slug: 'south-mill' });
    expect(same.statusCode).toBe(200);
    const detail = await call('GET', `/api/tenant_mgmt/orgs/${created.id}`);
    expect(detail.json().name).toBe('South Mill Works');
    const updates = (await activityOf(platform.deps.db, created.id)).filter((e) => e.action === 'updated');
    expect(updates[0]?.before).toMatchObject({ name: 'South Mill' });
    expect(updates[0]?.after).toMatchObject({ name: 'South Mill Works' });
    expect((await call('GET', '/api/tenant_mgmt/orgs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('archives an organization: its sessions end, nobody can sign in, the tabs count it; unarchive restores', async () => {
    const db = platform.deps.db;
    const org = (
      await call('POST', '/api/tenant_mgmt/orgs', { name: 'Old Forge', slug: 'old-forge' })
    ).json();
    await addMember(db, org.id, { email: 'smith@forge.io', password: 'Forge#2026' });
    const smith = await signInToOrg(platform.app, 'smith@forge.io', 'Forge#2026');
    const before = (await call('GET', '/api/tenant_mgmt/orgs')).json().counts;

    const archived = await call('POST', `/api/tenant_mgmt/orgs/${org.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();
    expect((await call('GET', '/api/tenant_mgmt/orgs')).json().counts).toEqual({
      active: before.active - 1,
      archived: before.archived + 1,
    });
    const archivedTab = (await call('GET', '/api/tenant_mgmt/orgs?is_archived=true')).json();
    expect(archivedTab.organizations.map((o: { id: string }) => o.id)).toEqual([org.id]);
    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(smith.access_token),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(platform.app, 'smith@forge.io', 'Forge#2026')).orgs).toEqual([]);
    expect((await call('POST', `/api/tenant_mgmt/orgs/${org.id}/archive`)).statusCode).toBe(409);

    const restored = await call('POST', `/api/tenant_mgmt/orgs/${org.id}/unarchive`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archived_at).toBeNull();
    await signInToOrg(platform.app, 'smith@forge.io', 'Forge#2026');
    const actions = (await activityOf(db, org.id)).map((e) => e.action);
    expect(actions).toEqual(['created', 'archived', 'unarchived']);
  });

  it('will not archive the organization the admin is signed in to', async () => {
    const response = await call('POST', `/api/tenant_mgmt/orgs/${demoId}/archive`);
    expect(response.statusCode).toBe(409);
  });

  it('searches by name or URL and pages', async () => {
    const page = (await call('GET', '/api/tenant_mgmt/orgs?search=mill&page_size=1')).json();
    expect(page.total_entries).toBe(2);
    expect(page.organizations).toHaveLength(1);
  });

  it('is for platform admins only, even organization admins get 403', async () => {
    const db = platform.deps.db;
    const other = await db
      .insertInto('orgs')
      .values({ name: 'Plain Org', slug: 'plain-org', apps: JSON.stringify(APP_KEYS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(db, other.id, { email: 'orgadmin@plain.io', password: 'Plain#2026', role: 'admin' });
    const token = (await signInToOrg(platform.app, 'orgadmin@plain.io', 'Plain#2026')).access_token;
    const responses = [
      await call('GET', '/api/tenant_mgmt/orgs', undefined, token),
      await call('POST', '/api/tenant_mgmt/orgs', { name: 'Mine', slug: 'mine-org' }, token),
      await call('PUT', `/api/tenant_mgmt/orgs/${other.id}`, { name: 'Renamed' }, token),
      await call('POST', `/api/tenant_mgmt/orgs/${demoId}/archive`, undefined, token),
      await call('GET', '/api/tenant_mgmt/requests', undefined, token),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const me = await platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().abilities.apps).not.toContain('tenantManager');
    expect((await platform.app.inject({ method: 'GET', url: '/api/tenant_mgmt/orgs' })).statusCode).toBe(401);
  });
});
