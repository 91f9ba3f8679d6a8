import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'ferrite-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Ferrite</title><link rel="icon" href="/favicon.svg" /></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log("app")');
  platform = await createTestPlatform({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await platform.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('loads the single-page app on every client route, with the brand of the host', async () => {
    for (const url of [
      '/',
      '/user/login',
      '/orgs',
      '/dashboards/3f1c',
      '/reports/12?token=abc',
      '/some/unknown/path',
    ]) {
      const response = await platform.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('data-brand="primary"');
      expect(response.body).toContain('<title>Ferrite · Industrial IoT Workspace</title>');
    }
    const other = await platform.app.inject({
      method: 'GET',
      url: '/user/login',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(other.body).toContain('data-brand="secondary"');
    expect(other.body).toContain('<title>Lodestone Operations</title>');
  });

  it('serves built assets as files', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe('Not found');
  });
});
