/** Session flows of spec §4: sign-in, org sign-in, validation, logout, invitations, report tokens. */
import type { SignInBody } from '@ferrite/contracts';
import type { Dispatch, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';
import { api } from '../app/api';
import type { ApiProblem } from '../app/baseQuery';
import { authApi } from './authApi';
import {
  beginOrgSession,
  endSession,
  expireSession,
  type NewOrgSession,
  refreshStoredPair,
  scheduleRefresh,
} from './lifecycle';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { type SessionState, sessionActions } from './sessionSlice';
import { clearStoredSession, readStoredSession, storeSession } from './storage';
import { SessionCallError, signOutOnServer } from './tokenClient';

type State = { session: SessionState };
/** A session thunk; resolves to whether the flow succeeded unless noted. */
export type SessionThunk<R = boolean> = ThunkAction<Promise<R>, State, unknown, UnknownAction>;

/** Runs one RTK Query request outside a component and drops its cache entry afterwards. */
async function once<T>(request: { unwrap(): Promise<T>; reset?: () => void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset?.();
  }
}

function asProblem(error: unknown): ApiProblem {
  if (typeof error === 'object' && error !== null && 'title' in error) return error as ApiProblem;
  return { title: 'Something went wrong', detail: String(error), status: 0 };
}

// 5xx was already toasted by the API client with the admin message; everything else shows here.
function notifyProblem(problem: ApiProblem) {
  if (problem.status < 500) notifyError(problem.title, problem.detail || undefined);
}

/** A new org session starts from clean caches, so nothing of a previous user or org shows. */
function beginFreshOrgSession(dispatch: Dispatch<UnknownAction>, getState: () => State, s: NewOrgSession) {
  dispatch(api.util.resetApiState());
  dispatch(resetAppState());
  beginOrgSession(dispatch, getState, s);
}

/** What a sign-in came to; a throttled one says how many seconds to wait before the next try. */
export type SignInOutcome = { ok: true } | { ok: false; retryAfterSeconds?: number };

/** Sign-in: success keeps user and orgs and opens /orgs; failure → login-failed and the server's title. */
export const signIn =
  (body: SignInBody): SessionThunk<SignInOutcome> =>
  async (dispatch) => {
    try {
      const response = await once(dispatch(authApi.endpoints.signIn.initiate(body)));
      dispatch(sessionActions.signInSucceeded({ ...response, receivedAt: Date.now() }));
      navigateTo('/orgs');
      return { ok: true };
    } catch (error) {
      clearStoredSession();
      dispatch(sessionActions.loginFailed());
      const problem = asProblem(error);
      notifyProblem(problem);
      return problem.retryAfterSeconds === undefined
        ? { ok: false }
        : { ok: false, retryAfterSeconds: problem.retryAfterSeconds };
    }
  };

/** Org sign-in with the pending Auth-Token: success starts the org session and opens /. */
export const orgSignIn =
  (orgId: string): SessionThunk =>
  async (dispatch, getState) => {
    const step = getState().session.pendingOrgStep;
    if (!step || step.expiresAt <= Date.now()) {
      dispatch(sessionActions.orgStepCleared());
      if (step) notifyError('Your sign-in has timed out', 'Please sign in again.');
      navigateTo('/user/login', { replace: true });
      return false;
    }
    // Switching organization keeps the old session until the new one opens; then it is ended.
    const previous = readStoredSession();
    try {
      const r = await once(
        dispatch(authApi.endpoints.orgSignIn.initiate({ orgId, authToken: step.authToken })),
      );
      if (previous.accessToken && previous.refreshToken) {
        signOutOnServer(previous.accessToken, previous.refreshToken).catch(() => {
          // Already ended or unreachable: it expires on its own.
        });
      }
      beginFreshOrgSession(dispatch, getState, {
        userId: r.user_id,
        orgId: r.org_id,
        accessToken: r.access_token,
        refreshToken: r.refresh_token,
        expiresIn: r.expires_in,
      });
      navigateTo('/', { replace: true });
      return true;
    } catch (error) {
      const problem = asProblem(error);
      notifyProblem(problem);
      if (problem.status === 401) {
        dispatch(sessionActions.orgStepCleared());
        navigateTo('/user/login', { replace: true });
      }
      return false;
    }
  };

let validation: Promise<boolean> | null = null;

/**
 * Validates the stored session (both tokens needed, else /user/login). An expired access token gets
 * one refresh; success sets the org login, failure the token-expired state and /user/login.
 */
export const validateStoredSession = (): SessionThunk => (dispatch, getState) => {
  // One check at a time: a second run could spend the rotated refresh token again, which revokes.
  validation ??= runValidation(dispatch, getState).finally(() => {
    validation = null;
  });
  return validation;
};

async function runValidation(dispatch: ThunkDispatch<State, unknown, UnknownAction>, getState: () => State) {
  const stored = readStoredSession();
  if (!stored.accessToken || !stored.refreshToken) {
    navigateTo('/user/login', { replace: true });
    return false;
  }
  dispatch(sessionActions.validationStarted());
  const validate = (accessToken: string) =>
    once(dispatch(authApi.endpoints.validateToken.initiate({ accessToken })));
  let accessToken = stored.accessToken;
  try {
    let result: Awaited<ReturnType<typeof validate>>;
    try {
      result = await validate(accessToken);
    } catch (error) {
      if (asProblem(error).status !== 401) throw error;
      accessToken = await refreshStoredPair(accessToken);
      result = await validate(accessToken);
    }
    dispatch(api.util.resetApiState());
    const expiresAt = Date.parse(result.expires_at) || null;
    storeSession({ accessToken, userId: result.user_id });
    dispatch(
      sessionActions.tokenValidated({ userId: result.user_id, orgId: result.org_id, accessToken, expiresAt }),
    );
    scheduleRefresh(dispatch, getState, expiresAt);
    return true;
  } catch (error) {
    const status = error instanceof SessionCallError ? error.status : asProblem(error).status;
    if (status === 0 || status >= 500) {
      // The server is unreachable, not refusing: keep the stored tokens for the next try.
      dispatch(sessionActions.loggedOut());
      if (status === 0)
        notifyError('The server could not be reached', 'Check your connection and try again.');
      navigateTo('/user/login', { replace: true });
    } else {
      expireSession(dispatch);
    }
    return false;
  }
}

/**
 * Logout: optionally revokes the session on the server first, then clears user id, both tokens
 * and the header and opens /user/login. Resolves to the server call's error, if it failed (the
 * local session ends either way).
 */
export const logout =
  ({
    callServer = true,
    redirectTo = '/user/login',
  }: {
    callServer?: boolean;
    redirectTo?: string;
  } = {}): ThunkAction<Promise<SessionCallError | null>, State, unknown, UnknownAction> =>
  async (dispatch) => {
    const stored = readStoredSession();
    let failure: SessionCallError | null = null;
    if (callServer && stored.accessToken && stored.refreshToken) {
      try {
        await signOutOnServer(stored.accessToken, stored.refreshToken);
      } catch (error) {
        failure = error instanceof SessionCallError ? error : new SessionCallError(0, String(error));
      }
    }
    endSession(dispatch, 'loggedOut', redirectTo);
    dispatch(resetAppState());
    return failure;
  };

/** Lock-screen logout: server logout, session cleared, then /user/forgot-password. */
export const lockScreenLogout = () => logout({ callServer: true, redirectTo: '/user/forgot-password' });

/** Accepts an invitation (with a new password when asked) and enters the org. */
export const acceptInvitation =
  (token: string, secret?: { password?: string; currentPassword?: string }): SessionThunk =>
  async (dispatch, getState) => {
    try {
      const r = await once(dispatch(authApi.endpoints.acceptInvitation.initiate({ token, ...secret })));
      beginFreshOrgSession(dispatch, getState, {
        userId: r.user_id,
        orgId: r.org_id ?? null,
        accessToken: r.access_token,
        refreshToken: r.refresh_token,
        expiresIn: r.expires_in,
      });
      navigateTo('/', { replace: true });
      return true;
    } catch (error) {
      notifyProblem(asProblem(error));
      return false;
    }
  };

/**
 * Checks a shared-report token; an invalid one sets reports-token-expired and goes to /user/login
 * (a route loader passes redirect: false and redirects itself).
 */
export const verifyReportToken =
  (token: string | null, { redirect = true }: { redirect?: boolean } = {}): SessionThunk =>
  async (dispatch) => {
    let valid = false;
    if (token) {
      try {
        valid = (await once(dispatch(authApi.endpoints.verifyReportToken.initiate(token)))).is_valid;
      } catch {
        valid = false;
      }
    }
    if (!valid) {
      dispatch(sessionActions.reportsTokenExpired());
      notifyError('This report link has expired', 'Ask the owner for a new link, or sign in.');
      if (redirect) navigateTo('/user/login', { replace: true });
    }
    return valid;
  };
