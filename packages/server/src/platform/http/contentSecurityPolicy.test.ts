/** The Content-Security-Policy every answer carries, and the map hosts configuration adds to it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

/** The policy's directives by name, as the browser reads the header. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the policy of a plain install', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestPlatform();
  });
  afterAll(() => platform.close());

  it('allows scripts from this server only, no inline script, no eval, no plugins, no framing', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'plant.example:8080' },
    });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
    // The socket on the host the page came from; no other host to connect to.
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://plant.example:8080',
      'wss://plant.example:8080',
    ]);
    // A plain-HTTP install on a LAN keeps working: nothing is upgraded to HTTPS.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('is on API answers too, and a Host header cannot add sources or directives', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: "evil.test; script-src 'unsafe-inline'" },
    });
    const header = String(response.headers['content-security-policy']);
    expect(header).not.toContain('unsafe-inline;');
    expect(header).not.toContain('evil.test');
    expect(directives(header).get('script-src')).toEqual(["'self'"]);
  });
});

describe('a configured map style', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestPlatform({
      MAP_STYLE_URL: 'https://maps.example.com/styles/plant.json?key=abc',
      MAP_TILE_ORIGINS: 'https://tiles.example.net, https://glyphs.example.org:8443/',
    });
  });
  afterAll(() => platform.close());

  it("lets the browser fetch from the style's origin and the tile origins, and nowhere else", async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    const connect = directives(response.headers['content-security-policy']).get('connect-src');
    expect(connect).toEqual([
      "'self'",
      'ws://localhost',
      'wss://localhost',
      'https://maps.example.com',
      'https://tiles.example.net',
      'https://glyphs.example.org:8443',
    ]);
  });

  it('refuses MAP_TILE_ORIGINS entries that are not origins, naming the variable', () => {
    for (const bad of [
      'tiles.example.net',
      'https://tiles.example.net/path',
      "https://x.test'",
      'ftp://x.test',
    ]) {
      expect(() => loadConfig({ MAP_TILE_ORIGINS: bad })).toThrow(/MAP_TILE_ORIGINS: .*is not one/);
    }
    expect(loadConfig({}).mapTileOrigins).toEqual([]);
  });
});
