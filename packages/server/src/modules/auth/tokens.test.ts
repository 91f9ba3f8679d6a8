import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  platform.app.inject({ method: 'POST', url, payload, headers });
const me = (accessToken: string) =>
  platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) });

describe('token lifecycle', () => {
  it('validates a live access token given as bearer and body', async () => {
    const session = await signInToOrg(platform.app);
    const response = await post(
      '/api/validate-token',
      { access_token: session.access_token },
      bearer(session.access_token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      is_valid: true,
      user_id: session.user_id,
      org_id: session.org_id,
    });
  });

  it('refuses a forged or garbage access token', async () => {
    const session = await signInToOrg(platform.app);
    const [header, payload] = session.access_token.split('.');
    const forged = `${header}.${payload}.c2lnbmF0dXJl`;
    expect((await post('/api/validate-token', { access_token: forged })).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
  });

  it('rotates refresh tokens: the new pair works and the old refresh token is spent', async () => {
    const session = await signInToOrg(platform.app);
    const refreshed = await post('/api/refresh', { refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const pair = refreshed.json();
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    const again = await post('/api/refresh', { refresh_token: pair.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token is presented again', async () => {
    const session = await signInToOrg(platform.app);
    const pair = (await post('/api/refresh', { refresh_token: session.refresh_token })).json();
    const replay = await post('/api/refresh', { refresh_token: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().title).toBe('Session revoked');
    expect((await post('/api/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
    expect((await me(pair.access_token)).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const session = await signInToOrg(platform.app);
    const stored = await platform.deps.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === session.refresh_token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('signs out: access and refresh tokens stop working, and a second sign-out is harmless', async () => {
    const session = await signInToOrg(platform.app);
    const tokens = { access_token: session.access_token, refresh_token: session.refresh_token };
    expect((await post('/api/sign-out', tokens)).statusCode).toBe(200);
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await post('/api/validate-token', { access_token: session.access_token })).statusCode).toBe(401);
    expect((await post('/api/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await post('/api/sign-out', tokens)).statusCode).toBe(200);
  });

  it('leaves other sessions of the same user signed in after one signs out', async () => {
    const first = await signInToOrg(platform.app);
    const second = await signInToOrg(platform.app);
    await post('/api/sign-out', { access_token: first.access_token, refresh_token: first.refresh_token });
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('answers 400 for a missing or mistyped refresh token', async () => {
    const missing = await post('/api/refresh', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.refresh_token');
    expect((await post('/api/refresh', { refresh_token: 42 })).statusCode).toBe(400);
  });
});
