/**
 * The token lifecycle of an org session: start, refresh shortly before expiry (or once after a
 * 401), follow other tabs, and end. Shared by the thunks and the API client.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { type SessionState, sessionActions } from './sessionSlice';
import { clearStoredSession, jwtExpiresAt, readStoredSession, storeSession } from './storage';
import { refreshTokens, SessionCallError } from './tokenClient';

type GetState = () => { session: SessionState };

/** Refresh this long before the access token expires, so requests never carry a dead token. */
export const REFRESH_LEAD_MS = 60_000;
const MIN_REFRESH_DELAY_MS = 1_000;
const REFRESH_LOCK = 'ferrite-token-refresh';

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<string | null> | null = null;

/** Tokens of a new org session as the server gives them. */
export interface NewOrgSession {
  userId: string;
  orgId: string | null;
  accessToken: string;
  refreshToken?: string | null;
  expiresIn?: number;
}

function expiryOf(accessToken: string, expiresIn?: number): number | null {
  return jwtExpiresAt(accessToken) ?? (expiresIn ? Date.now() + expiresIn * 1000 : null);
}

/** Stores the tokens, marks the org login (header set, interceptor on) and plans the refresh. */
export function beginOrgSession(dispatch: Dispatch<UnknownAction>, getState: GetState, s: NewOrgSession) {
  storeSession({ accessToken: s.accessToken, refreshToken: s.refreshToken, userId: s.userId });
  const expiresAt = expiryOf(s.accessToken, s.expiresIn);
  dispatch(
    sessionActions.orgLoginSucceeded({
      userId: s.userId,
      orgId: s.orgId,
      accessToken: s.accessToken,
      expiresAt,
    }),
  );
  scheduleRefresh(dispatch, getState, expiresAt);
}

/** Ends the session here: storage cleared, header dropped, logged out; optionally navigates. */
export function endSession(
  dispatch: Dispatch<UnknownAction>,
  reason: 'expired' | 'loggedOut',
  redirectTo: string | null = '/user/login',
) {
  cancelScheduledRefresh();
  clearStoredSession();
  dispatch(reason === 'expired' ? sessionActions.tokenExpired() : sessionActions.loggedOut());
  if (redirectTo) navigateTo(redirectTo, { replace: true });
}

/** Token expiry: clear everything, tell the user, go to /user/login. */
export function expireSession(dispatch: Dispatch<UnknownAction>) {
  endSession(dispatch, 'expired');
  notifyError('Your session has expired', 'Please sign in again.');
}

/** Plans a refresh REFRESH_LEAD_MS before expiry; without a known expiry the 401 path refreshes. */
export function scheduleRefresh(
  dispatch: Dispatch<UnknownAction>,
  getState: GetState,
  expiresAt: number | null,
) {
  cancelScheduledRefresh();
  if (expiresAt === null) return;
  const delay = Math.max(expiresAt - Date.now() - REFRESH_LEAD_MS, MIN_REFRESH_DELAY_MS);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void refreshSession(dispatch, getState);
  }, delay);
}

/** Stops the planned refresh (logout, expiry). */
export function cancelScheduledRefresh() {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
}

/**
 * Refreshes the access token once, shared by every caller that asks at the same time. Returns the
 * new access token, or null after the session was expired because the refresh failed.
 */
export function refreshSession(
  dispatch: Dispatch<UnknownAction>,
  getState: GetState,
): Promise<string | null> {
  if (!inFlight) {
    inFlight = runExclusive(() => refreshOnce(dispatch, getState))
      .catch((error: unknown) => {
        if (!(error instanceof SessionCallError) || error.status !== 0) expireSession(dispatch);
        else notifyError('Connection lost', 'Could not renew your session; check your network.');
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

async function refreshOnce(dispatch: Dispatch<UnknownAction>, getState: GetState): Promise<string> {
  const stored = readStoredSession();
  const current = getState().session.authToken;
  // Another tab refreshed while this one waited for the lock: its pair is the live one, and
  // spending the (already rotated) refresh token again would revoke the whole session.
  if (stored.accessToken && stored.refreshToken && stored.accessToken !== current) {
    adoptAccessToken(dispatch, getState, stored.accessToken);
    return stored.accessToken;
  }
  if (!stored.refreshToken) throw new SessionCallError(401, 'No refresh token is stored');
  const pair = await refreshTokens(stored.refreshToken);
  storeSession({ accessToken: pair.access_token, refreshToken: pair.refresh_token });
  adoptAccessToken(dispatch, getState, pair.access_token, pair.expires_in);
  return pair.access_token;
}

function adoptAccessToken(
  dispatch: Dispatch<UnknownAction>,
  getState: GetState,
  accessToken: string,
  expiresIn?: number,
) {
  const expiresAt = expiryOf(accessToken, expiresIn);
  dispatch(sessionActions.tokensRefreshed({ accessToken, expiresAt }));
  scheduleRefresh(dispatch, getState, expiresAt);
}

/**
 * Refreshes the stored pair before any session is active (start-up validation), under the same
 * cross-tab lock; a pair another tab stored meanwhile is taken instead. Returns the access token.
 */
export function refreshStoredPair(staleAccessToken: string): Promise<string> {
  return runExclusive(async () => {
    const stored = readStoredSession();
    if (stored.accessToken && stored.accessToken !== staleAccessToken) return stored.accessToken;
    if (!stored.refreshToken) throw new SessionCallError(401, 'No refresh token is stored');
    const pair = await refreshTokens(stored.refreshToken);
    storeSession({ accessToken: pair.access_token, refreshToken: pair.refresh_token });
    return pair.access_token;
  });
}

// Web Locks serialise the refresh across tabs where the browser has them (not jsdom).
function runExclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** Follows other tabs: their refreshed token is adopted, their logout ends this session too. */
export function watchOtherTabs(dispatch: Dispatch<UnknownAction>, getState: GetState): () => void {
  const onStorage = (event: StorageEvent) => {
    const { session } = getState();
    if (!session.isUserLoggedIn || event.storageArea !== localStorage) return;
    const stored = readStoredSession();
    if (!stored.accessToken || !stored.refreshToken) {
      endSession(dispatch, 'loggedOut');
    } else if (stored.userId !== session.userId) {
      // A different user signed in elsewhere; this tab's screens belong to the old one.
      endSession(dispatch, 'loggedOut', null);
      window.location.assign('/');
    } else if (stored.accessToken !== session.authToken) {
      adoptAccessToken(dispatch, getState, stored.accessToken);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
