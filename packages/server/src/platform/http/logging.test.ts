import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { buildApp } from './app';
import { createLogger } from './logging';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('logs', () => {
  it('carry request ids and never a password, token or reset link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('info', sink);
    const app = await buildApp({ ...platform.deps, log, mailer: platform.deps.mailer });
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sign-in',
      payload: { email: 'admin@ferrite.dev', password: 'Ferrite@2026' },
    });
    const { auth_token } = signIn.json();
    const orgId = signIn.json().orgs[0].id;
    const session = (
      await app.inject({
        method: 'POST',
        url: `/api/orgs/${orgId}/sign-in`,
        headers: { 'auth-token': auth_token },
      })
    ).json();
    await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    await app.inject({ method: 'GET', url: '/reset_password?token=one-time-secret' });
    await app.close();

    const text = lines.join('');
    expect(text).toContain('"reqId"');
    for (const secret of [
      'Ferrite@2026',
      auth_token,
      session.access_token,
      session.refresh_token,
      'one-time-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
