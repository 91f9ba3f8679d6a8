import { STORAGE_KEYS } from '@ferrite/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelScheduledRefresh } from './lifecycle';
import { navigateTo } from './navigation';
import { switchOrganization } from './orgSwitch';
import { sessionActions } from './sessionSlice';
import { fakeJwt, makeTestStore, mockFetch } from './test-helpers';
import { orgSignIn } from './thunks';

vi.mock('./navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const USER_ID = '11111111-1111-4111-8111-111111111111';
const ORG_A = '22222222-2222-4222-8222-222222222222';
const ORG_B = '33333333-3333-4333-8333-333333333333';
const user = { id: USER_ID, name: 'Ada', email: 'ada@acme.io', avatar: 9, is_platform_admin: false };
const orgs = [
  { id: ORG_A, name: 'Demo Plant', slug: 'demo-plant', role: 'admin' as const },
  { id: ORG_B, name: 'Second Mill', slug: 'second-mill', role: 'member' as const },
];
const step = { user, orgs, auth_token: 'step', auth_token_expires_in: 600 };
const access = fakeJwt(900);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => {
  cancelScheduledRefresh();
  vi.unstubAllGlobals();
});

function storeTokens() {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'stored-refresh');
  localStorage.setItem(STORAGE_KEYS.userId, USER_ID);
}

describe('switch organization', () => {
  it('from an open session: asks the server for a new organization step with the session bearer and opens /orgs, still signed in', async () => {
    const { calls } = mockFetch((req) =>
      req.path === '/api/switch-org' ? { status: 200, body: step } : { status: 404, body: {} },
    );
    const store = makeTestStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({
        userId: USER_ID,
        orgId: ORG_A,
        accessToken: access,
        expiresAt: null,
      }),
    );
    expect(await store.dispatch(switchOrganization())).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/switch-org']);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${access}`);
    expect(store.getState().session).toMatchObject({ isUserLoggedIn: true, orgId: ORG_A });
    expect(store.getState().session.pendingOrgStep).toMatchObject({ orgs, authToken: 'step' });
    expect(navigateTo).toHaveBeenCalledWith('/orgs');
  });

  it('with only a stored session (a reload of /orgs): validates the tokens first, then shows the pick', async () => {
    storeTokens();
    const { calls } = mockFetch((req) => {
      if (req.path === '/api/validate-token') {
        return {
          status: 200,
          body: {
            is_valid: true,
            user_id: USER_ID,
            org_id: ORG_A,
            expires_at: new Date(Date.now() + 900_000).toISOString(),
          },
        };
      }
      if (req.path === '/api/switch-org') return { status: 200, body: step };
      return { status: 404, body: {} };
    });
    const store = makeTestStore();
    expect(await store.dispatch(switchOrganization({ navigate: false }))).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/validate-token', '/api/switch-org']);
    expect(store.getState().session.pendingOrgStep?.orgs).toEqual(orgs);
  });

  it('a stored session the server refuses goes to sign-in and never asks for the organizations', async () => {
    storeTokens();
    const { calls } = mockFetch(() => ({ status: 401, body: { title: 'Token expired', status: 401 } }));
    const store = makeTestStore();
    expect(await store.dispatch(switchOrganization({ navigate: false }))).toBe(false);
    expect(calls.map((c) => c.path)).not.toContain('/api/switch-org');
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
    expect(store.getState().session.pendingOrgStep).toBeNull();
  });

  it('choosing another organization opens its session and ends the previous one on the server', async () => {
    storeTokens();
    const { calls } = mockFetch((req) => {
      if (req.path === `/api/orgs/${ORG_B}/sign-in`) {
        return {
          status: 200,
          body: {
            user_id: USER_ID,
            org_id: ORG_B,
            access_token: fakeJwt(900),
            refresh_token: 'new-refresh',
            expires_in: 900,
          },
        };
      }
      return { status: 200, body: { message: 'Signed out' } };
    });
    const store = makeTestStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({
        userId: USER_ID,
        orgId: ORG_A,
        accessToken: access,
        expiresAt: null,
      }),
    );
    store.dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
    expect(await store.dispatch(orgSignIn(ORG_B))).toBe(true);
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/sign-out'));
    expect(calls.find((c) => c.path === '/api/sign-out')?.body).toEqual({
      access_token: access,
      refresh_token: 'stored-refresh',
    });
    expect(store.getState().session.orgId).toBe(ORG_B);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
  });
});
