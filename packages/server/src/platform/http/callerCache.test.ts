import { describe, expect, it } from 'vitest';
import type { AuthorizedCaller } from './authContext';
import { CALLER_TTL_MS, CallerCache } from './callerCache';

const caller = (sessionId: string): AuthorizedCaller => ({
  userId: 'user-1',
  orgId: 'org-1',
  sessionId,
  role: 'member',
  isPlatformAdmin: false,
  tokenExpiresAt: new Date(0),
  abilities: { apps: new Set(), permissions: new Set() } as unknown as AuthorizedCaller['abilities'],
});

describe('the caller cache', () => {
  it('reuses a caller for CALLER_TTL_MS, per session and user, without its token expiry', () => {
    const cache = new CallerCache();
    cache.remember(caller('s1'), cache.current, 1_000);
    expect(cache.get('s1', 'user-1', 1_000 + CALLER_TTL_MS - 1)).toMatchObject({ sessionId: 's1' });
    expect(cache.get('s1', 'user-1', 1_000 + CALLER_TTL_MS - 1)).not.toHaveProperty('tokenExpiresAt');
    expect(cache.get('s1', 'user-2', 1_000)).toBeNull();
    expect(cache.get('s2', 'user-1', 1_000)).toBeNull();
    expect(cache.get('s1', 'user-1', 1_000 + CALLER_TTL_MS)).toBeNull();
  });

  it('forgets everyone at a change, and drops a lookup that started before it', () => {
    const cache = new CallerCache();
    cache.remember(caller('s1'), cache.current, 0);
    const before = cache.current;
    cache.forget();
    expect(cache.get('s1', 'user-1', 1)).toBeNull();
    // A lookup that read the database before the change finishes after it: not remembered.
    cache.remember(caller('s2'), before, 2);
    expect(cache.get('s2', 'user-1', 3)).toBeNull();
    cache.remember(caller('s2'), cache.current, 4);
    expect(cache.get('s2', 'user-1', 5)).toMatchObject({ sessionId: 's2' });
  });
});
