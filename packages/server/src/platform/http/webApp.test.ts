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
  // The build's compressed twins (packages/web/build/precompress.ts), told apart by their content.
  await writeFile(join(dist, 'assets', 'app.js.br'), 'brotli bytes');
  await writeFile(join(dist, 'assets', 'app.js.gz'), 'gzip bytes');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('sends the brotli or gzip twin of an asset the browser accepts, kept a year as immutable', async () => {
    const get = (encoding: string) =>
      platform.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body).toBe('brotli bytes');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toBe('gzip bytes');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('asks browsers to revalidate the page and unhashed files', async () => {
    const page = await platform.app.inject({
      method: 'GET',
      url: '/user/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await platform.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe('Not found');
  });
});
