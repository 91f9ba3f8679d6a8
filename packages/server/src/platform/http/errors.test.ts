import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/httpApp';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('error model', () => {
  it('answers malformed JSON with 400 Malformed JSON', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/api/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@ferrite.dev", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: 'Malformed JSON', detail: expect.any(String), status: 400 });
  });

  it('lists every wrongly typed field with its path', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: { name: 7, email: ['x'], password: true },
    });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['body.email', 'body.name', 'body.organization_name', 'body.password']);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      title: 'Not found',
      detail: 'No API route GET /api/no/such/route',
      status: 404,
    });
  });

  it('answers an unexpected failure with the admin message and no internals', async () => {
    const app = await buildApp(platform.deps);
    app.get('/api/explode', { config: { access: 'public' } }, async () => {
      throw new Error('database password is hunter2 at /srv/secret.ts:12');
    });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/explode' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      title: 'Something went wrong, please consult with your admin',
      detail: 'Please consult with your admin',
      status: 500,
    });
    expect(response.body).not.toMatch(/hunter2|secret\.ts|stack/);
  });

  it('requires a bearer token on member routes', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('A bearer token is required');
  });

  it('echoes a request id on every response', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('platform routes', () => {
  it('reports the database reachable', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { engine: platform.deps.engine, reachable: true },
    });
  });

  it('publishes an OpenAPI document naming the auth calls, and its UI', async () => {
    const doc = (await platform.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/sign-in',
      '/api/orgs/{id}/sign-in',
      '/api/validate-token',
      '/api/refresh',
      '/api/sign-out',
      '/api/sign-up',
      '/api/validate_org_url',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/me',
      '/api/me/settings',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const ui = await platform.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('serves the brand of the host', async () => {
    const primary = (
      await platform.app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'localhost:8080' } })
    ).json();
    const secondary = (
      await platform.app.inject({ method: 'GET', url: '/api/brand', headers: { host: '127.0.0.1:8080' } })
    ).json();
    expect(primary).toMatchObject({
      id: 'primary',
      loginTagWords: ['Monitor', 'Automate', 'Diagnose', 'Secure'],
    });
    expect(primary.loginCarousel).toHaveLength(5);
    expect(secondary).toMatchObject({ id: 'secondary', loginTagWords: [] });
    expect(secondary.loginCarousel).toHaveLength(3);
  });

  it('answers whether a shared-report token is good', async () => {
    const good = await platform.deps.jwt.sign({ sub: 'report-1', purpose: 'report-share' }, 60);
    const access = await platform.deps.jwt.sign({ sub: 'user', purpose: 'access' }, 60);
    const check = (token?: string) =>
      platform.app
        .inject({ method: 'POST', url: '/api/reports/verify-token', headers: token ? { token } : {} })
        .then((r) => r.json());
    expect(await check(good)).toEqual({ is_valid: true });
    expect(await check(access)).toEqual({ is_valid: false });
    expect(await check('nonsense')).toEqual({ is_valid: false });
    expect(await check()).toEqual({ is_valid: false });
  });
});
