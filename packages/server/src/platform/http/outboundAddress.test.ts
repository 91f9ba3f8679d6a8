/**
 * A tenant's webhook cannot reach into the server's own network: loopback, link-local (cloud metadata),
 * private ranges and IPv4 written as IPv6 are refused by default, also when a host name resolves there.
 */
import { describe, expect, it } from 'vitest';
import { guardedLookup, refusedAddress } from './outboundAddress';

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '169.254.169.254',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::5',
    '::ffff:127.0.0.1',
  ])('refuses %s by default', (address) => {
    expect(refusedAddress(address, 'public')).not.toBeNull();
  });

  it('lets public addresses through, private ones only when allowed, and the machine itself only with any', () => {
    expect(refusedAddress('93.184.216.34', 'public')).toBeNull();
    expect(refusedAddress('2606:4700::1111', 'public')).toBeNull();
    expect(refusedAddress('192.168.1.10', 'private')).toBeNull();
    expect(refusedAddress('169.254.169.254', 'private')).toContain('this machine');
    expect(refusedAddress('127.0.0.1', 'any')).toBeNull();
  });

  it('fails the connection when a host name resolves to a refused address', async () => {
    const lookup = guardedLookup('public');
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EREFUSEDADDRESS');
  });
});
