/** The session module's public face for the workspace and the router. */
export { watchOtherTabs } from './lifecycle';
export { hasStoredSession, switchOrganization } from './orgSwitch';
export {
  selectAuthToken,
  selectIsUserLoggedIn,
  selectPendingOrgStep,
  selectSession,
  sessionActions,
  sessionReducer,
} from './sessionSlice';
export {
  acceptInvitation,
  lockScreenLogout,
  logout,
  orgSignIn,
  signIn,
  validateStoredSession,
  verifyReportToken,
} from './thunks';
export { SessionCallError } from './tokenClient';
