// Logout, lock-screen logout and shared-report tokens (spec §4 Session).
import { STORAGE_KEYS } from '@ferrite/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelScheduledRefresh } from './lifecycle';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { sessionActions } from './sessionSlice';
import { makeTestStore, mockFetch } from './test-helpers';
import { lockScreenLogout, logout, verifyReportToken } from './thunks';

vi.mock('./navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const USER_ID = '11111111-1111-4111-8111-111111111111';
const ORG_ID = '22222222-2222-4222-8222-222222222222';

function storeTokens(access = 'stored-access', refresh = 'stored-refresh') {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  localStorage.setItem(STORAGE_KEYS.userId, USER_ID);
}

function storedKeys() {
  return Object.values(STORAGE_KEYS).map((key) => localStorage.getItem(key));
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(navigateTo).mockClear();
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  cancelScheduledRefresh();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  function loggedInStore() {
    storeTokens();
    const store = makeTestStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({
        userId: USER_ID,
        orgId: ORG_ID,
        accessToken: 'stored-access',
        expiresAt: null,
      }),
    );
    return store;
  }

  it('calls the server first, then clears keys and header and goes to /user/login', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: 'Signed out' } }));
    const store = loggedInStore();
    expect(await store.dispatch(logout({ callServer: true }))).toBeNull();
    expect(calls[0]).toMatchObject({
      path: '/api/sign-out',
      body: { access_token: 'stored-access', refresh_token: 'stored-refresh' },
    });
    expect(storedKeys()).toEqual([null, null, null]);
    expect(store.getState().session).toMatchObject({
      isUserLoggedIn: false,
      authToken: null,
      interceptorEnabled: false,
    });
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('can skip the server call', async () => {
    const { calls } = mockFetch(() => ({ status: 200 }));
    const store = loggedInStore();
    await store.dispatch(logout({ callServer: false }));
    expect(calls).toHaveLength(0);
    expect(storedKeys()).toEqual([null, null, null]);
  });

  it('a failed sign-out still ends the local session and reports status and detail', async () => {
    mockFetch(() => ({
      status: 401,
      body: { title: 'Unauthorized', detail: 'Session revoked', status: 401 },
    }));
    const store = loggedInStore();
    const failure = await store.dispatch(logout({ callServer: true }));
    expect(failure).toMatchObject({ status: 401, detail: 'Session revoked' });
    expect(store.getState().session.isUserLoggedIn).toBe(false);
    expect(storedKeys()).toEqual([null, null, null]);
  });

  it('lock-screen logout calls the server, clears, and goes to /user/forgot-password', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const store = loggedInStore();
    await store.dispatch(lockScreenLogout());
    expect(calls[0]?.path).toBe('/api/sign-out');
    expect(storedKeys()).toEqual([null, null, null]);
    expect(navigateTo).toHaveBeenCalledWith('/user/forgot-password', { replace: true });
  });
});

describe('shared report token', () => {
  it('sends the token header and lets a valid token in', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { is_valid: true } }));
    const store = makeTestStore();
    expect(await store.dispatch(verifyReportToken('tok'))).toBe(true);
    expect(calls[0]?.headers.get('token')).toBe('tok');
    expect(store.getState().session.reportsTokenExpired).toBe(false);
  });

  it.each([
    ['refused', { status: 200, body: { is_valid: false } }],
    ['an error', { status: 401, body: { title: 'Expired', detail: '', status: 401 } }],
  ])('%s sets reports-token-expired and goes to /user/login', async (_label, reply) => {
    mockFetch(() => reply);
    const store = makeTestStore();
    expect(await store.dispatch(verifyReportToken('tok'))).toBe(false);
    expect(store.getState().session.reportsTokenExpired).toBe(true);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('a missing token is invalid without a call', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { is_valid: true } }));
    expect(await makeTestStore().dispatch(verifyReportToken(null, { redirect: false }))).toBe(false);
    expect(calls).toHaveLength(0);
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
