import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/session';
import { createTestPlatform, DEMO_ADMIN, DEMO_ORG, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) => platform.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

describe('POST /api/sign-in', () => {
  it('answers the user, their organizations and an organization-step token', async () => {
    const body = await signIn(platform.app);
    expect(body.user).toMatchObject({ email: DEMO_ADMIN.email, avatar: 9, is_platform_admin: true });
    expect(body.orgs).toEqual([expect.objectContaining({ name: DEMO_ORG.name, role: 'admin' })]);
    expect(body.auth_token.split('.')).toHaveLength(3);
    expect(body).not.toHaveProperty('user.password_hash');
  });

  it('accepts the e-mail in any case', async () => {
    const response = await post('/api/sign-in', {
      email: 'Admin@Ferrite.DEV',
      password: DEMO_ADMIN.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with a 401 whose title the UI shows', async () => {
    const response = await post('/api/sign-in', { email: DEMO_ADMIN.email, password: 'Wrong@1234' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ title: 'Invalid email or password', status: 401 });
  });

  it('answers an unknown e-mail exactly like a wrong password (no enumeration)', async () => {
    const unknown = await post('/api/sign-in', { email: 'nobody@ferrite.dev', password: 'Wrong@1234' });
    const wrong = await post('/api/sign-in', { email: DEMO_ADMIN.email, password: 'Wrong@1234' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects a malformed e-mail with the product hint', async () => {
    const response = await post('/api/sign-in', { email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'body.email', message: 'Email must be valid' }]);
  });
});

describe('POST /api/orgs/{id}/sign-in', () => {
  it('opens a session in a member organization', async () => {
    const first = await signIn(platform.app);
    const org = first.orgs[0]!;
    const response = await post(`/api/orgs/${org.id}/sign-in`, undefined, { 'auth-token': first.auth_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: first.user.id, org_id: org.id, expires_in: 900 });
  });

  it('answers 403 for an organization the user is not a member of', async () => {
    const first = await signIn(platform.app);
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Other Works', slug: 'other-works', apps: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await post(`/api/orgs/${other.id}/sign-in`, undefined, {
      'auth-token': first.auth_token,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a valid Auth-Token, and 400 for a malformed id', async () => {
    const first = await signIn(platform.app);
    const org = first.orgs[0]!;
    expect((await post(`/api/orgs/${org.id}/sign-in`, undefined, {})).statusCode).toBe(401);
    expect(
      (await post(`/api/orgs/${org.id}/sign-in`, undefined, { 'auth-token': 'forged.token.value' }))
        .statusCode,
    ).toBe(401);
    const bad = await post('/api/orgs/not-a-uuid/sign-in', undefined, { 'auth-token': first.auth_token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('path.id');
  });
});
