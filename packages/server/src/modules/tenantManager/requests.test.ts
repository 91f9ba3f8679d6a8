import { APP_KEYS, DEFAULT_ORG_LIMITS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf, addMember, latestMail } from '../../testing/people';
import { bearer, signIn, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let adminToken: string;
let adminId: string;
let adminOrgId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  adminToken = session.access_token;
  adminId = session.user_id;
  adminOrgId = session.org_id;
});
afterAll(() => platform.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = adminToken) =>
  platform.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function signUp(name: string, email: string, organization: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/api/sign-up',
    payload: { name, email, password: 'Request#2026', organization_name: organization },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request as { id: string; slug: string };
}

describe('sign-up requests', () => {
  it('approves a request end to end: organization, admin requester, decision recorded, mail sent', async () => {
    const request = await signUp('Marie Curie', 'marie@radium.io', 'Radium Labs');
    const pending = (await call('GET', '/api/tenant_mgmt/requests')).json();
    expect(pending.counts).toEqual({ pending: 1, approved: 0, rejected: 0 });
    expect(pending.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        organization_name: 'Radium Labs',
        slug: 'radium-labs',
        status: 'pending',
        requester: expect.objectContaining({ name: 'Marie Curie', email: 'marie@radium.io' }),
        org_id: null,
        decided_at: null,
      }),
    ]);

    const approved = await call('POST', `/api/tenant_mgmt/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = approved.json();
    expect(detail).toMatchObject({
      status: 'approved',
      org_id: expect.any(String),
      decided_at: expect.any(String),
    });

    const stored = await platform.deps.db
      .selectFrom('org_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'approved', org_id: detail.org_id, decided_by: adminId });

    const org = (await call('GET', `/api/tenant_mgmt/orgs/${detail.org_id}`)).json();
    expect(org).toMatchObject({
      name: 'Radium Labs',
      slug: 'radium-labs',
      apps: [...APP_KEYS],
      limits: DEFAULT_ORG_LIMITS,
      user_count: 1,
      admin: { email: 'marie@radium.io' },
    });

    const mail = await latestMail(platform.deps.db, 'marie@radium.io');
    expect(mail.subject).toContain('Radium Labs');
    expect(mail.text_body).toContain('http://ferrite.test/user/login');

    // The requester signs in to the new organization as its admin.
    const marie = await signInToOrg(platform.app, 'marie@radium.io', 'Request#2026');
    expect(marie.org_id).toBe(detail.org_id);
    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(marie.access_token),
    });
    expect(me.json().org).toMatchObject({ name: 'Radium Labs', role: 'admin' });
    const users = await platform.app.inject({
      method: 'GET',
      url: `/api/role_mgmt/orgs/${detail.org_id}/users`,
      headers: bearer(marie.access_token),
    });
    expect(users.statusCode).toBe(200);

    const entries = await activityOf(platform.deps.db, detail.org_id);
    expect(entries).toEqual([
      expect.objectContaining({
        app: 'tenantManager',
        action: 'approved',
        entity_type: 'orgRequest',
        entity_id: request.id,
        actor_id: adminId,
      }),
    ]);

    const counts = (await call('GET', '/api/tenant_mgmt/requests?status=approved')).json();
    expect(counts.counts).toEqual({ pending: 0, approved: 1, rejected: 0 });
    expect(counts.requests.map((r: { id: string }) => r.id)).toEqual([request.id]);
  });

  it('answers 409 when deciding a request that was already decided', async () => {
    const request = await signUp('Twice', 'twice@decide.io', 'Decide Twice');
    expect((await call('POST', `/api/tenant_mgmt/requests/${request.id}/approve`)).statusCode).toBe(200);
    const again = await call('POST', `/api/tenant_mgmt/requests/${request.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This request was already approved');
    const reject = await call('POST', `/api/tenant_mgmt/requests/${request.id}/reject`, {
      reason: 'Too late',
    });
    expect(reject.statusCode).toBe(409);
    const orgs = await platform.deps.db
      .selectFrom('orgs')
      .select('id')
      .where('name', '=', 'Decide Twice')
      .execute();
    expect(orgs).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/tenant_mgmt/requests/${unknown}/approve`)).statusCode).toBe(404);
  });

  it('picks the next free URL when the requested one was taken meanwhile', async () => {
    const request = await signUp('Late', 'late@taken.io', 'Taken Works');
    expect(request.slug).toBe('taken-works');
    await call('POST', '/api/tenant_mgmt/orgs', { name: 'Squatter', slug: 'taken-works-x' });
    // An organization takes the slug directly in the database (the API would refuse a pending request's slug).
    await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Quick', slug: 'taken-works', apps: JSON.stringify([]) })
      .execute();
    await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Quicker', slug: 'taken-works-2', apps: JSON.stringify([]) })
      .execute();
    const approved = await call('POST', `/api/tenant_mgmt/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const org = (await call('GET', `/api/tenant_mgmt/orgs/${approved.json().org_id}`)).json();
    expect(org).toMatchObject({ name: 'Taken Works', slug: 'taken-works-3' });
  });

  it('rejects with a reason the requester receives by e-mail', async () => {
    const request = await signUp('Nope', 'nope@reject.io', 'Reject Me');
    const missing = await call('POST', `/api/tenant_mgmt/requests/${request.id}/reject`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.reason');
    const response = await call('POST', `/api/tenant_mgmt/requests/${request.id}/reject`, {
      reason: 'We could not verify the company.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      reason: 'We could not verify the company.',
      org_id: null,
    });
    const mail = await latestMail(platform.deps.db, 'nope@reject.io');
    expect(mail.text_body).toContain('We could not verify the company.');
    expect(mail.subject).toContain('Reject Me');
    expect((await signIn(platform.app, 'nope@reject.io', 'Request#2026')).orgs).toEqual([]);
    const entry = (await activityOf(platform.deps.db, adminOrgId)).find((e) => e.entity_id === request.id);
    expect(entry).toMatchObject({ app: 'tenantManager', action: 'rejected', actor_id: adminId });
    const rejected = (await call('GET', '/api/tenant_mgmt/requests?status=rejected&search=reject')).json();
    expect(rejected.total_entries).toBe(1);
    expect(rejected.requests[0].reason).toBe('We could not verify the company.');
  });

  it('lets only platform admins see and decide requests', async () => {
    const request = await signUp('Guard', 'guard@req.io', 'Guarded');
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Orgadmin Co', slug: 'orgadmin-co', apps: JSON.stringify(APP_KEYS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(platform.deps.db, other.id, {
      email: 'boss@orgadmin.io',
      password: 'Boss#20260',
      role: 'admin',
    });
    const token = (await signInToOrg(platform.app, 'boss@orgadmin.io', 'Boss#20260')).access_token;
    expect(
      (await call('POST', `/api/tenant_mgmt/requests/${request.id}/approve`, undefined, token)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/tenant_mgmt/requests/${request.id}/reject`, { reason: 'Because' }, token))
        .statusCode,
    ).toBe(403);
    const still = await platform.deps.db
      .selectFrom('org_requests')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });
});
