/** The auth, sign-up, password, invitation and shared-report-token calls (spec §7 "Auth"). */
import type {
  OrgSignInResponse,
  SignInBody,
  SignInResponse,
  SignUpBody,
  SignUpResponse,
  ValidateOrgUrlResponse,
  ValidateTokenResponse,
} from '@ferrite/contracts';
import { api } from '../app/api';

/** GET /invitations/{token}: who is invited where, and which screen applies. */
export interface InvitationInfo {
  email: string;
  org_id: string;
  org_name: string;
  kind: 'set-password' | 'join-org';
}

/** POST /invitations/{token}/accept answers like an org sign-in (org_id may be absent). */
export type AcceptInvitationResponse = Omit<OrgSignInResponse, 'org_id'> & { org_id?: string };

// These calls answer 401/403 as part of their own flow, so the client must not log out or refresh.
const OWN_ERRORS = { skipRefresh: true, skipForbiddenRedirect: true } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResponse, SignInBody>({
      query: (body) => ({ url: '/sign-in', method: 'POST', body }),
      extraOptions: OWN_ERRORS,
    }),
    orgSignIn: build.mutation<OrgSignInResponse, { orgId: string; authToken: string }>({
      query: ({ orgId, authToken }) => ({
        url: `/orgs/${encodeURIComponent(orgId)}/sign-in`,
        method: 'POST',
        headers: { 'Auth-Token': authToken },
      }),
      extraOptions: OWN_ERRORS,
    }),
    // The session's own bearer: a 401 here may be refreshed like any member call.
    switchOrg: build.mutation<SignInResponse, void>({
      query: () => ({ url: '/switch-org', method: 'POST' }),
    }),
    validateToken: build.mutation<ValidateTokenResponse, { accessToken: string }>({
      query: ({ accessToken }) => ({
        url: '/validate-token',
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}` },
        body: { access_token: accessToken },
      }),
      extraOptions: OWN_ERRORS,
    }),
    signUp: build.mutation<SignUpResponse, SignUpBody>({
      query: (body) => ({ url: '/sign-up', method: 'POST', body }),
      extraOptions: OWN_ERRORS,
    }),
    validateOrgUrl: build.query<ValidateOrgUrlResponse, string>({
      query: (url) => ({ url: '/validate_org_url', method: 'POST', body: { url } }),
      extraOptions: OWN_ERRORS,
    }),
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
      extraOptions: OWN_ERRORS,
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
      extraOptions: OWN_ERRORS,
    }),
    invitation: build.query<InvitationInfo, string>({
      query: (token) => `/invitations/${encodeURIComponent(token)}`,
      extraOptions: OWN_ERRORS,
    }),
    /** New people send the password they chose; existing users confirm with their current one. */
    acceptInvitation: build.mutation<
      AcceptInvitationResponse,
      { token: string; password?: string; currentPassword?: string }
    >({
      query: ({ token, password, currentPassword }) => ({
        url: `/invitations/${encodeURIComponent(token)}/accept`,
        method: 'POST',
        body: password ? { password } : currentPassword ? { current_password: currentPassword } : {},
      }),
      extraOptions: OWN_ERRORS,
    }),
    verifyReportToken: build.mutation<{ is_valid: boolean }, string>({
      query: (token) => ({ url: '/reports/verify-token', method: 'POST', headers: { token } }),
      extraOptions: OWN_ERRORS,
    }),
  }),
});

export const {
  useSignUpMutation,
  useValidateOrgUrlQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useInvitationQuery,
} = authApi;
