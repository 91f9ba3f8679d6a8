import { STORAGE_KEYS } from '@ferrite/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginOrgSession, cancelScheduledRefresh, REFRESH_LEAD_MS, watchOtherTabs } from './lifecycle';
import { navigateTo } from './navigation';
import { makeTestStore, mockFetch } from './test-helpers';

vi.mock('./navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => {
  cancelScheduledRefresh();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startSession(store: ReturnType<typeof makeTestStore>, expiresIn = 900) {
  beginOrgSession(store.dispatch, store.getState, {
    userId: 'u1',
    orgId: 'o1',
    accessToken: 'opaque-access',
    refreshToken: 'refresh-1',
    expiresIn,
  });
}

describe('token lifecycle', () => {
  it('refreshes shortly before the access token expires, then plans the next refresh', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch(() => ({
      status: 200,
      body: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 },
    }));
    const store = makeTestStore();
    startSession(store);
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_LEAD_MS - 1_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((c) => c.path)).toEqual(['/api/refresh']);
    expect(calls[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(store.getState().session.authToken).toBe('access-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_LEAD_MS);
    expect(calls).toHaveLength(2);
  });

  it("adopts another tab's refreshed token instead of spending the rotated refresh token", async () => {
    const { calls } = mockFetch(() => ({ status: 500 }));
    const store = makeTestStore();
    startSession(store);
    const stop = watchOtherTabs(store.dispatch, store.getState);
    localStorage.setItem(STORAGE_KEYS.accessToken, 'from-other-tab');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.accessToken, storageArea: localStorage }),
    );
    stop();
    expect(store.getState().session.authToken).toBe('from-other-tab');
    expect(calls).toHaveLength(0);
  });

  it('a logout in another tab ends this session too', () => {
    const store = makeTestStore();
    startSession(store);
    const stop = watchOtherTabs(store.dispatch, store.getState);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    stop();
    expect(store.getState().session.isUserLoggedIn).toBe(false);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });
});
