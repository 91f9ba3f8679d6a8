import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/httpApp';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { createLogger, type LogFormat } from './logging';

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

  async function signInLogged(level: string, format: LogFormat): Promise<string> {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = { ...platform.deps.config, logFormat: format };
    const app = await buildApp({ ...platform.deps, config, log: createLogger(level, sink, format) });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/sign-in',
      payload: { email: 'admin@ferrite.dev', password: 'Ferrite@2026' },
    });
    await app.inject({ method: 'GET', url: '/reset_password?token=one-time-secret' });
    app.log.warn('disk nearly full');
    await app.close();
    return lines.join('');
  }

  it('on a terminal show warnings as sentences and no request lines at info', async () => {
    const text = await signInLogged('info', 'pretty');
    expect(text).toMatch(/WARN.*disk nearly full/);
    expect(text).not.toContain('/api/sign-in');
    expect(text).not.toMatch(/^\{/m);
  });

  it('on a terminal at debug give each request one short line without its query', async () => {
    const text = await signInLogged('debug', 'pretty');
    expect(text).toMatch(/DEBUG.*POST \/api\/sign-in 200 \d+ ms/);
    expect(text).toMatch(/GET \/reset_password \d{3} \d+ ms/);
    expect(text).not.toContain('one-time-secret');
    expect(text).not.toContain('incoming request');
  });

  it('in JSON keep every request as objects a collector can parse', async () => {
    const text = await signInLogged('info', 'json');
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'disk nearly full']),
    );
  });
});
