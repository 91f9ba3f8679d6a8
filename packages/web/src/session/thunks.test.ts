import { STORAGE_KEYS } from '@ferrite/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelScheduledRefresh } from './lifecycle';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { sessionActions } from './sessionSlice';
import { fakeJwt, makeTestStore, mockFetch } from './test-helpers';
import { orgSignIn, signIn, validateStoredSession } from './thunks';

vi.mock('./navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const USER_ID = '11111111-1111-4111-8111-111111111111';
const ORG_ID = '22222222-2222-4222-8222-222222222222';
const user = { id: USER_ID, name: 'Ada', email: 'ada@acme.io', avatar: 9, is_platform_admin: false };
const orgs = [{ id: ORG_ID, name: 'Demo Plant', slug: 'demo-plant', role: 'admin' as const }];

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

describe('sign-in', () => {
  it('stores user and orgs and goes to /orgs', async () => {
    const { calls } = mockFetch(() => ({
      status: 200,
      body: { user, orgs, auth_token: 'step', auth_token_expires_in: 600 },
    }));
    const store = makeTestStore();
    expect(await store.dispatch(signIn({ email: 'ada@acme.io', password: 'pw' }))).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({
      path: '/api/sign-in',
      method: 'POST',
      body: { email: 'ada@acme.io', password: 'pw' },
    });
    expect(store.getState().session.pendingOrgStep).toMatchObject({ user, orgs, authToken: 'step' });
    expect(navigateTo).toHaveBeenCalledWith('/orgs');
  });

  it('failure → login-failed, keys and header cleared, the server title toasted', async () => {
    storeTokens();
    mockFetch(() => ({
      status: 401,
      body: { title: 'Invalid email or password', detail: 'Try again', status: 401 },
    }));
    const store = makeTestStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({ userId: USER_ID, orgId: ORG_ID, accessToken: 'a', expiresAt: null }),
    );
    expect(await store.dispatch(signIn({ email: 'ada@acme.io', password: 'bad' }))).toEqual({ ok: false });
    expect(store.getState().session).toMatchObject({
      loginFailed: true,
      authToken: null,
      isUserLoggedIn: false,
    });
    expect(storedKeys()).toEqual([null, null, null]);
    expect(notifyError).toHaveBeenCalledWith('Invalid email or password', 'Try again');
  });

  it("a throttled sign-in toasts the server's title and answers Retry-After's seconds", async () => {
    const detail = 'Too many attempts. Try again in 8 seconds.';
    mockFetch(() => ({
      status: 429,
      headers: { 'Retry-After': '8' },
      body: { title: 'Too many attempts', detail, status: 429 },
    }));
    const store = makeTestStore();
    expect(await store.dispatch(signIn({ email: 'ada@acme.io', password: 'bad' }))).toEqual({
      ok: false,
      retryAfterSeconds: 8,
    });
    expect(notifyError).toHaveBeenCalledWith('Too many attempts', detail);
  });
});

describe('org sign-in', () => {
  async function pickerStore() {
    const store = makeTestStore();
    store.dispatch(
      sessionActions.signInSucceeded({
        user,
        orgs,
        auth_token: 'step',
        auth_token_expires_in: 600,
        receivedAt: Date.now(),
      }),
    );
    return store;
  }

  it('stores user id and both tokens, sets header and interceptor, logs in, goes to /', async () => {
    const access = fakeJwt(900);
    const { calls } = mockFetch(() => ({
      status: 200,
      body: {
        user_id: USER_ID,
        org_id: ORG_ID,
        access_token: access,
        refresh_token: 'refresh-1',
        expires_in: 900,
      },
    }));
    const store = await pickerStore();
    expect(await store.dispatch(orgSignIn(ORG_ID))).toBe(true);
    expect(calls[0]?.path).toBe(`/api/orgs/${ORG_ID}/sign-in`);
    expect(calls[0]?.headers.get('Auth-Token')).toBe('step');
    expect(storedKeys()).toEqual([access, 'refresh-1', USER_ID]);
    expect(store.getState().session).toMatchObject({
      authToken: access,
      isUserLoggedIn: true,
      interceptorEnabled: true,
      userId: USER_ID,
      pendingOrgStep: null,
    });
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true });
  });

  it('keeps a refresh token only when the server gives one', async () => {
    mockFetch(() => ({
      status: 200,
      body: { user_id: USER_ID, org_id: ORG_ID, access_token: 'a', refresh_token: '', expires_in: 900 },
    }));
    const store = await pickerStore();
    await store.dispatch(orgSignIn(ORG_ID));
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a');
  });

  it('failure (403, not a member) shows the error and stays on the picker', async () => {
    mockFetch(() => ({ status: 403, body: { title: 'Not a member', detail: 'Ask an admin', status: 403 } }));
    const store = await pickerStore();
    expect(await store.dispatch(orgSignIn(ORG_ID))).toBe(false);
    expect(notifyError).toHaveBeenCalledWith('Not a member', 'Ask an admin');
    expect(store.getState().session.isUserLoggedIn).toBe(false);
    expect(store.getState().session.pendingOrgStep).not.toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('without the sign-in step goes back to /user/login', async () => {
    const { calls } = mockFetch(() => ({ status: 500 }));
    expect(await makeTestStore().dispatch(orgSignIn(ORG_ID))).toBe(false);
    expect(calls).toHaveLength(0);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });
});

describe('stored session validation', () => {
  it.each([
    ['no tokens', () => {}],
    ['only the access token', () => localStorage.setItem(STORAGE_KEYS.accessToken, 'a')],
    ['only the refresh token', () => localStorage.setItem(STORAGE_KEYS.refreshToken, 'r')],
  ])('needs both tokens: with %s it goes to login without a call', async (_label, seed) => {
    seed();
    const { calls } = mockFetch(() => ({ status: 200 }));
    expect(await makeTestStore().dispatch(validateStoredSession())).toBe(false);
    expect(calls).toHaveLength(0);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('success sets the org login with the stored token', async () => {
    storeTokens();
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const { calls } = mockFetch(() => ({
      status: 200,
      body: { is_valid: true, user_id: USER_ID, org_id: ORG_ID, expires_at: expiresAt },
    }));
    const store = makeTestStore();
    expect(await store.dispatch(validateStoredSession())).toBe(true);
    expect(calls[0]?.path).toBe('/api/validate-token');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-access');
    expect(calls[0]?.body).toEqual({ access_token: 'stored-access' });
    expect(store.getState().session).toMatchObject({
      isUserLoggedIn: true,
      authToken: 'stored-access',
      orgId: ORG_ID,
    });
  });

  it('an expired access token is refreshed once, then validated', async () => {
    storeTokens();
    const { calls } = mockFetch(({ path, body }) => {
      if (path === '/api/refresh')
        return {
          status: 200,
          body: { access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 900 },
        };
      const valid = (body as { access_token: string }).access_token === 'new-access';
      return valid
        ? {
            status: 200,
            body: { is_valid: true, user_id: USER_ID, org_id: ORG_ID, expires_at: new Date().toISOString() },
          }
        : { status: 401, body: { title: 'Token expired', detail: '', status: 401 } };
    });
    const store = makeTestStore();
    expect(await store.dispatch(validateStoredSession())).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/validate-token', '/api/refresh', '/api/validate-token']);
    expect(calls[1]?.body).toEqual({ refresh_token: 'stored-refresh' });
    expect(storedKeys()).toEqual(['new-access', 'new-refresh', USER_ID]);
    expect(store.getState().session.authToken).toBe('new-access');
  });

  it('failure sets token-expired, clears keys and goes to /user/login', async () => {
    storeTokens();
    mockFetch(() => ({ status: 401, body: { title: 'Invalid token', detail: '', status: 401 } }));
    const store = makeTestStore();
    expect(await store.dispatch(validateStoredSession())).toBe(false);
    expect(store.getState().session).toMatchObject({
      tokenExpired: true,
      isUserLoggedIn: false,
      authToken: null,
    });
    expect(storedKeys()).toEqual([null, null, null]);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('runs one validation at a time', async () => {
    storeTokens();
    const { calls } = mockFetch(() => ({
      status: 200,
      body: { is_valid: true, user_id: USER_ID, org_id: ORG_ID, expires_at: '' },
    }));
    const store = makeTestStore();
    await Promise.all([store.dispatch(validateStoredSession()), store.dispatch(validateStoredSession())]);
    expect(calls).toHaveLength(1);
  });
});
