/**
 * Back to the organization pick without signing out (the account menu's "Switch organization", or
 * /orgs opened afresh with a stored session): spec §4's token validation, then the org pick at /orgs.
 */
import type { ApiProblem } from '../app/baseQuery';
import { authApi } from './authApi';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { sessionActions } from './sessionSlice';
import { readStoredSession } from './storage';
import { type SessionThunk, validateStoredSession } from './thunks';

/** True when browser storage holds both tokens of a session that validation could restore. */
export function hasStoredSession(): boolean {
  const stored = readStoredSession();
  return Boolean(stored.accessToken && stored.refreshToken);
}

/**
 * Validates the stored session when the page does not hold one yet, then asks the server for a new
 * organization step (user, organizations, Auth-Token) and opens /orgs; the current session stays
 * until another organization is chosen. Resolves whether the picker can be shown.
 */
export const switchOrganization =
  ({ navigate = true }: { navigate?: boolean } = {}): SessionThunk =>
  async (dispatch, getState) => {
    // Validation navigates to /user/login itself when the stored session is missing or refused.
    if (!getState().session.isUserLoggedIn && !(await dispatch(validateStoredSession()))) return false;
    const request = dispatch(authApi.endpoints.switchOrg.initiate());
    try {
      const step = await request.unwrap();
      dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
      if (navigate) navigateTo('/orgs');
      return true;
    } catch (error) {
      const problem = error as ApiProblem;
      // 5xx was toasted by the API client already.
      if (!(problem.status >= 500))
        notifyError(problem.title ?? 'Could not open the organization list', problem.detail);
      // Nothing to pick from: back to the open session if there is one, else to sign-in.
      navigateTo(getState().session.isUserLoggedIn ? '/' : '/user/login', { replace: true });
      return false;
    } finally {
      request.reset();
    }
  };
