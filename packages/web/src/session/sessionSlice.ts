/**
 * Session state (spec §3 "Session", §4 "Session"). Reducers stay pure: the storage keys are
 * written and cleared by the thunks in ./thunks and ./lifecycle, which dispatch these actions.
 */
import type { OrgSummary, SignInResponse, UserSummary } from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Data kept between sign-in and organization sign-in. */
export interface PendingOrgStep {
  user: UserSummary;
  orgs: OrgSummary[];
  /** Sent as the Auth-Token header of POST /orgs/{id}/sign-in. */
  authToken: string;
  expiresAt: number;
}

export interface SessionState {
  /** The bearer token the API client sends ("the auth header"); null when none is set. */
  authToken: string | null;
  isUserLoggedIn: boolean;
  /** When on, a 401 is answered by one token refresh and a retry. */
  interceptorEnabled: boolean;
  userId: string | null;
  orgId: string | null;
  accessExpiresAt: number | null;
  pendingOrgStep: PendingOrgStep | null;
  /** True while a stored session is being validated. */
  validating: boolean;
  loginFailed: boolean;
  tokenExpired: boolean;
  reportsTokenExpired: boolean;
}

export const initialSessionState: SessionState = {
  authToken: null,
  isUserLoggedIn: false,
  interceptorEnabled: false,
  userId: null,
  orgId: null,
  accessExpiresAt: null,
  pendingOrgStep: null,
  validating: false,
  loginFailed: false,
  tokenExpired: false,
  reportsTokenExpired: false,
};

/** Tokens of an org session, from org sign-in, an accepted invitation or a validated stored session. */
export interface OrgSessionPayload {
  userId: string;
  orgId: string | null;
  accessToken: string;
  expiresAt: number | null;
}

/** Everything an ended session leaves behind: no header, no tokens, logged out. */
function signedOut(state: SessionState): SessionState {
  return {
    ...initialSessionState,
    reportsTokenExpired: state.reportsTokenExpired,
  };
}

function startOrgSession(state: SessionState, payload: OrgSessionPayload) {
  state.authToken = payload.accessToken;
  state.userId = payload.userId;
  state.orgId = payload.orgId;
  state.accessExpiresAt = payload.expiresAt;
  state.isUserLoggedIn = true;
  state.interceptorEnabled = true;
  state.pendingOrgStep = null;
  state.validating = false;
  state.loginFailed = false;
  state.tokenExpired = false;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Sign-in success: keep user and orgs for the org picker. */
    signInSucceeded(state, action: PayloadAction<SignInResponse & { receivedAt: number }>) {
      const { user, orgs, auth_token, auth_token_expires_in, receivedAt } = action.payload;
      state.pendingOrgStep = {
        user,
        orgs,
        authToken: auth_token,
        expiresAt: receivedAt + auth_token_expires_in * 1000,
      };
      state.loginFailed = false;
      state.tokenExpired = false;
    },
    /** Sign-in failure: the login-failed state, with the session cleared. */
    loginFailed(state) {
      return { ...signedOut(state), loginFailed: true };
    },
    /** Org sign-in success: auth header set, interceptor on, logged in. */
    orgLoginSucceeded(state, action: PayloadAction<OrgSessionPayload>) {
      startOrgSession(state, action.payload);
    },
    /** A stored session is being checked with POST /validate-token. */
    validationStarted(state) {
      state.validating = true;
    },
    /** Token validation success sets the org login. */
    tokenValidated(state, action: PayloadAction<OrgSessionPayload>) {
      startOrgSession(state, action.payload);
    },
    /** Token validation failure or an unrecoverable 401: the token-expired state, session cleared. */
    tokenExpired(state) {
      return { ...signedOut(state), tokenExpired: true };
    },
    /** Logout, lock-screen logout and a 403: session cleared, no status raised. */
    loggedOut(state) {
      return signedOut(state);
    },
    /** A refreshed (or another tab's) access token replaces the header value. */
    tokensRefreshed(state, action: PayloadAction<{ accessToken: string; expiresAt: number | null }>) {
      state.authToken = action.payload.accessToken;
      state.accessExpiresAt = action.payload.expiresAt;
    },
    /** The shared-report token was refused. */
    reportsTokenExpired(state) {
      state.reportsTokenExpired = true;
    },
    /** Leaves the org step (back to sign-in). */
    orgStepCleared(state) {
      state.pendingOrgStep = null;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

/** The bearer token for the Authorization header, or null. */
export const selectAuthToken = (state: WithSession) => state.session.authToken;
/** True once an org session is established. */
export const selectIsUserLoggedIn = (state: WithSession) => state.session.isUserLoggedIn;
/** The whole session state. */
export const selectSession = (state: WithSession) => state.session;
/** User and orgs waiting for the org pick, or null. */
export const selectPendingOrgStep = (state: WithSession) => state.session.pendingOrgStep;
