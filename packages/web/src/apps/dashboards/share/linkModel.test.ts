import { describe, expect, it } from 'vitest';
import { absoluteLink, expiryOf, sortLinks } from './linkModel';

describe('link rules', () => {
  it('counts expiry in days from now, or never', () => {
    const now = new Date('2026-05-01T10:00:00.000Z');
    expect(expiryOf('never', now)).toBeNull();
    expect(expiryOf('7', now)).toBe('2026-05-08T10:00:00.000Z');
  });

  it('makes the web path an address on this host', () => {
    expect(absoluteLink('/dashboards/abc', 'https://plant.example')).toBe(
      'https://plant.example/dashboards/abc',
    );
    expect(absoluteLink('https://x.example/dashboards/abc', 'https://plant.example')).toBe(
      'https://x.example/dashboards/abc',
    );
  });

  it('lists active links first, newest first', () => {
    const link = (uuid: string, status: 'active' | 'revoked', created_at: string) =>
      ({ uuid, status, created_at }) as never;
    const sorted = sortLinks([
      link('a', 'revoked', '2026-05-03'),
      link('b', 'active', '2026-05-01'),
      link('c', 'active', '2026-05-02'),
    ]);
    expect(sorted.map((l: { uuid: string }) => l.uuid)).toEqual(['c', 'b', 'a']);
  });
});
