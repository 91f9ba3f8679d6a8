import { describe, expect, it } from 'vitest';
import { initialSessionState, type SessionState, sessionActions, sessionReducer } from './sessionSlice';

const user = { id: 'u1', name: 'Ada', email: 'ada@acme.io', avatar: 9, is_platform_admin: false };
const orgs = [{ id: 'o1', name: 'Demo Plant', slug: 'demo-plant', role: 'admin' as const }];
const orgSession = { userId: 'u1', orgId: 'o1', accessToken: 'access-1', expiresAt: 123 };

const loggedIn: SessionState = sessionReducer(undefined, sessionActions.orgLoginSucceeded(orgSession));

describe('session reducer (spec §4 Session)', () => {
  it('starts logged out with no auth token and no status raised', () => {
    expect(sessionReducer(undefined, { type: '@@init' })).toEqual(initialSessionState);
    expect(initialSessionState).toMatchObject({ authToken: null, isUserLoggedIn: false, loginFailed: false });
  });

  it('sign-in success keeps user and orgs (and the org-step token) for the picker', () => {
    const state = sessionReducer(
      { ...initialSessionState, loginFailed: true },
      sessionActions.signInSucceeded({
        user,
        orgs,
        auth_token: 'step',
        auth_token_expires_in: 600,
        receivedAt: 1000,
      }),
    );
    expect(state.pendingOrgStep).toEqual({ user, orgs, authToken: 'step', expiresAt: 601_000 });
    expect(state.loginFailed).toBe(false);
    expect(state.isUserLoggedIn).toBe(false);
  });

  it('sign-in failure sets login-failed and clears the header and the login', () => {
    const state = sessionReducer(loggedIn, sessionActions.loginFailed());
    expect(state).toMatchObject({ loginFailed: true, authToken: null, userId: null, isUserLoggedIn: false });
    expect(state.interceptorEnabled).toBe(false);
  });

  it('org login sets the auth header, enables the interceptor and marks logged in', () => {
    expect(loggedIn).toMatchObject({
      authToken: 'access-1',
      userId: 'u1',
      orgId: 'o1',
      isUserLoggedIn: true,
      interceptorEnabled: true,
      pendingOrgStep: null,
    });
  });

  it('token validation success sets the org login', () => {
    const validating = sessionReducer(undefined, sessionActions.validationStarted());
    expect(validating.validating).toBe(true);
    const state = sessionReducer(validating, sessionActions.tokenValidated(orgSession));
    expect(state).toMatchObject({ isUserLoggedIn: true, authToken: 'access-1', validating: false });
  });

  it('token expiry sets token-expired, clears user id and header, marks logged out', () => {
    const state = sessionReducer(loggedIn, sessionActions.tokenExpired());
    expect(state).toMatchObject({ tokenExpired: true, authToken: null, userId: null, isUserLoggedIn: false });
  });

  it('logout clears the same and raises no status', () => {
    const state = sessionReducer(loggedIn, sessionActions.loggedOut());
    expect(state).toEqual(initialSessionState);
  });

  it('a refreshed access token replaces the header value only', () => {
    const state = sessionReducer(
      loggedIn,
      sessionActions.tokensRefreshed({ accessToken: 'access-2', expiresAt: 9 }),
    );
    expect(state).toMatchObject({
      authToken: 'access-2',
      accessExpiresAt: 9,
      isUserLoggedIn: true,
      userId: 'u1',
    });
  });

  it('reports-token expiry is its own status and survives a later logout', () => {
    const expired = sessionReducer(undefined, sessionActions.reportsTokenExpired());
    expect(expired.reportsTokenExpired).toBe(true);
    expect(sessionReducer(expired, sessionActions.loggedOut()).reportsTokenExpired).toBe(true);
  });

  it('a new org login clears earlier failure statuses', () => {
    const failed = sessionReducer(undefined, sessionActions.tokenExpired());
    const state = sessionReducer(failed, sessionActions.orgLoginSucceeded(orgSession));
    expect(state.tokenExpired).toBe(false);
    expect(state.loginFailed).toBe(false);
  });
});
