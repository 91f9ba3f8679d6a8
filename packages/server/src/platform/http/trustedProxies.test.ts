/** The client address: X-Forwarded-For counts only from TRUST_PROXY's proxies; a bad list stops start-up. */
import { SIGN_IN_FREE_FAILURES } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createDashboard, demoDashAdmin, expectStatus } from '../../modules/dashboards/testSupport';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or blank', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '' }).trustedProxies).toEqual([]);
  });

  it('reads addresses, CIDR ranges and the range words, comma-separated', () => {
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8,loopback, uniquelocal' })
        .trustedProxies,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback', 'uniquelocal']);
  });

  it.each(['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '10.0.0.0/x', '300.0.0.1'])(
    "stops start-up naming TRUST_PROXY for '%s'",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.1,${value}` })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.1,${value}` })).toThrow(
        new RegExp(`TRUST_PROXY: .*not ${value.replace(/[./]/g, '\\$&')}$`),
      );
    },
  );
});

describe('the client address behind a proxy', () => {
  let platform: TestPlatform;
  const proxy = '203.0.113.50';
  beforeAll(async () => {
    platform = await createTestPlatform({ TRUST_PROXY: proxy });
  });
  afterAll(() => platform.close());

  /** A wrong sign-in from `peer` claiming to forward for `forwardedFor`. */
  const wrongSignIn = (peer: string, forwardedFor: string) =>
    platform.app.inject({
      method: 'POST',
      url: '/api/sign-in',
      payload: { email: 'forwarded@ferrite.dev', password: 'Wrong@1234' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: peer,
    });

  async function countedAddresses(): Promise<string[]> {
    const rows = await platform.deps.db
      .selectFrom('auth_failures')
      .select('key')
      .where('key', 'like', 'ip:%')
      .distinct()
      .execute();
    return rows.map((row) => row.key.slice('ip:'.length)).sort();
  }

  it('ignores X-Forwarded-For from a peer that is not a listed proxy: a forged address changes nothing', async () => {
    const stranger = '192.0.2.7';
    // A new forged address each time, as a stranger dodging the count would send.
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await wrongSignIn(stranger, `10.66.0.${i}`)).statusCode).toBe(401);
    }
    const refused = await wrongSignIn(stranger, '10.66.0.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(await countedAddresses()).toEqual([stranger]);
  });

  it('ignores it from loopback too when loopback is not listed', async () => {
    await wrongSignIn('127.0.0.1', '10.67.0.1');
    expect(await countedAddresses()).toContain('127.0.0.1');
    expect(await countedAddresses()).not.toContain('10.67.0.1');
  });

  it("uses the listed proxy's X-Forwarded-For: each client behind it is counted apart", async () => {
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await wrongSignIn(proxy, '198.51.100.1')).statusCode).toBe(401);
    }
    expect((await wrongSignIn(proxy, '198.51.100.1')).statusCode).toBe(429);
    // Another client behind the same proxy is not slowed by the first one's failures.
    expect((await wrongSignIn(proxy, '198.51.100.2')).statusCode).toBe(401);
    // A client cannot prepend its own pick: the proxy appends the real peer, and that is the one used.
    expect((await wrongSignIn(proxy, '10.68.0.1, 198.51.100.3')).statusCode).toBe(401);
    expect(await countedAddresses()).toEqual(
      expect.arrayContaining(['198.51.100.1', '198.51.100.2', '198.51.100.3']),
    );
    expect(await countedAddresses()).not.toContain(proxy);
    expect(await countedAddresses()).not.toContain('10.68.0.1');
  });

  it('counts wrong passwords of a shared dashboard link under the same trusted address', async () => {
    const { dash } = await demoDashAdmin(platform);
    const dashboard = await createDashboard(dash, { name: 'Proxied plant' });
    const link = expectStatus(await dash.post(`/dashboards/${dashboard.id}/export`, {}), 201).json();
    const guess = (peer: string, forwardedFor: string) =>
      platform.app.inject({
        method: 'GET',
        url: `/api/dash_mgmt/dashboards/${link.export.uuid}/verify`,
        headers: { 'x-forwarded-for': forwardedFor, password: 'Wrong@1234' },
        remoteAddress: peer,
      });
    expect((await guess('192.0.2.8', '10.69.0.1')).statusCode).toBe(401);
    expect((await guess(proxy, '198.51.100.9')).statusCode).toBe(401);
    const rows = await platform.deps.db
      .selectFrom('dashboard_share_failures')
      .select('key')
      .where('key', 'like', 'ip:%')
      .execute();
    expect(rows.map((row) => row.key).sort()).toEqual(['ip:192.0.2.8', 'ip:198.51.100.9']);
  });
});
