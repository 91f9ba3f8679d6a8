import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/session';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const post = (url: string, payload: object) => platform.app.inject({ method: 'POST', url, payload });

/** The reset link mailed most recently to an address, as the recipient would read it. */
async function mailedResetToken(email: string): Promise<string> {
  const mail = await platform.deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = mail.text_body.match(/http:\/\/ferrite\.test\/reset_password\?token=(\S+)/);
  if (!link?.[1]) throw new Error(`no reset link in: ${mail.text_body}`);
  return decodeURIComponent(link[1]);
}

describe('sign-up', () => {
  it('creates the user and a pending organization request', async () => {
    const response = await post('/api/sign-up', {
      name: 'Ada Lovelace',
      email: 'ada@works.io',
      password: 'Engine#1843',
      organization_name: 'Analytical Works',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: 'ada@works.io',
      name: 'Ada Lovelace',
      avatar: 9,
      is_platform_admin: false,
    });
    expect(body.request).toMatchObject({
      organization_name: 'Analytical Works',
      slug: 'analytical-works',
      status: 'pending',
    });
    const after = await signIn(platform.app, 'ada@works.io', 'Engine#1843');
    expect(after.orgs).toEqual([]);
  });

  it('refuses a password that breaks the rule, naming the field', async () => {
    for (const password of ['short1!', 'nodigits!!', 'n0special', 'has space1!', 'ünicode1!x']) {
      const response = await post('/api/sign-up', {
        name: 'X',
        email: 'x@works.io',
        password,
        organization_name: 'X Org',
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().errors[0].path).toBe('body.password');
    }
    const user = await platform.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'x@works.io')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    const response = await post('/api/sign-up', {
      name: 'Again',
      email: DEMO_ADMIN.email,
      password: 'Engine#1843',
      organization_name: 'Dup',
    });
    expect(response.statusCode).toBe(409);
  });

  it('gives a second request for the same organization name its own slug', async () => {
    const body = (
      await post('/api/sign-up', {
        name: 'Bob',
        email: 'bob@works.io',
        password: 'Engine#1843',
        organization_name: 'Analytical Works',
      })
    ).json();
    expect(body.request.slug).toBe('analytical-works-2');
  });
});

describe('POST /api/validate_org_url', () => {
  it('tells well-formed and free, taken, and malformed apart', async () => {
    expect((await post('/api/validate_org_url', { url: 'northwind' })).json()).toMatchObject({
      url: 'northwind',
      is_valid: true,
      is_available: true,
    });
    expect(
      (await post('/api/validate_org_url', { url: 'https://demo-plant.ferrite.dev' })).json(),
    ).toMatchObject({ url: 'demo-plant', is_valid: true, is_available: false });
    expect((await post('/api/validate_org_url', { url: 'analytical-works' })).json()).toMatchObject({
      is_available: false,
    });
    const bad = (await post('/api/validate_org_url', { url: '-Bad_Slug' })).json();
    expect(bad).toMatchObject({ is_valid: false, is_available: false });
    expect(bad.message).toMatch(/lowercase letters/);
  });
});

describe('password recovery', () => {
  it('answers 202 for known and unknown e-mails alike, mailing only the known one', async () => {
    const known = await post('/api/forgot-password', { email: 'ada@works.io' });
    const unknown = await post('/api/forgot-password', { email: 'ghost@works.io' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    const ghostMail = await platform.deps.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'ghost@works.io')
      .execute();
    expect(ghostMail).toEqual([]);
  });

  it('resets the password once with the mailed link, signing out open sessions', async () => {
    await post('/api/forgot-password', { email: 'ada@works.io' });
    const token = await mailedResetToken('ada@works.io');
    const stored = await platform.deps.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    const reset = await post('/api/reset-password', { token, password: 'Difference#1822' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/sign-in', { email: 'ada@works.io', password: 'Engine#1843' })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/sign-in', { email: 'ada@works.io', password: 'Difference#1822' })).statusCode,
    ).toBe(200);

    const reused = await post('/api/reset-password', { token, password: 'Another#1822' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toMatch(/invalid, already used or expired/);
  });

  it('refuses an expired reset token', async () => {
    await post('/api/forgot-password', { email: 'bob@works.io' });
    const token = await mailedResetToken('bob@works.io');
    await platform.deps.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await post('/api/reset-password', { token, password: 'Difference#1822' })).statusCode).toBe(400);
  });

  it('checks the new password against the rule before touching the token', async () => {
    await post('/api/forgot-password', { email: 'bob@works.io' });
    const token = await mailedResetToken('bob@works.io');
    expect((await post('/api/reset-password', { token, password: 'weak' })).statusCode).toBe(400);
    expect((await post('/api/reset-password', { token, password: 'Strong#2026' })).statusCode).toBe(200);
  });
});
