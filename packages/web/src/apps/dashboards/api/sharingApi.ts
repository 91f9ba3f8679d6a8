/**
 * Sharing (spec §4 "Dashboard export has a credential and password flow", §7 "Sharing"): password links
 * (POST …/export, PUT …/export/{uuid}, GET …/show_credentials) and people by e-mail (POST …/share,
 * GET …/users, DELETE …/revoke/{userEmail}). A link's password is answered once, by the call that set it.
 */
import type {
  DashboardExportBody,
  DashboardExportCredentials,
  DashboardExportSecretResponse,
  DashboardExportUpdateBody,
  DashboardShare,
  DashboardShareBody,
} from '@ferrite/contracts';
import { type DashboardArg, dashApi, dashBase, dashboardTag, dashboardUrl } from './apiBase';

const sharesUrl = ({ orgId, dashboardId }: DashboardArg, rest: string) =>
  `${dashBase(orgId)}/dashboard/${dashboardId}${rest}`;
const sharesTag = (dashboardId: string) => ({ type: 'DashShares' as const, id: dashboardId });
const credentialsTag = (uuid: string) => ({ type: 'DashCredentials' as const, id: uuid });

const sharingApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    createExport: build.mutation<DashboardExportSecretResponse, DashboardArg & { body: DashboardExportBody }>(
      {
        query: ({ body, ...arg }) => ({ url: dashboardUrl(arg, '/export'), method: 'POST', body }),
        invalidatesTags: (_r, error, { dashboardId }) => (error ? [] : [dashboardTag(dashboardId)]),
      },
    ),
    /** Expiry, revoke or restore, a new or regenerated password (answered once). */
    updateExport: build.mutation<
      DashboardExportSecretResponse,
      DashboardArg & { uuid: string; body: DashboardExportUpdateBody }
    >({
      query: ({ uuid, body, ...arg }) => ({ url: dashboardUrl(arg, `/export/${uuid}`), method: 'PUT', body }),
      invalidatesTags: (_r, error, { dashboardId, uuid }) =>
        error ? [] : [dashboardTag(dashboardId), credentialsTag(uuid)],
    }),
    showCredentials: build.query<DashboardExportCredentials, DashboardArg & { uuid: string }>({
      query: ({ uuid, ...arg }) => dashboardUrl(arg, `/export/${uuid}/show_credentials`),
      providesTags: (_r, _e, { uuid }) => [credentialsTag(uuid)],
    }),
    listShares: build.query<{ users: DashboardShare[] }, DashboardArg>({
      query: (arg) => sharesUrl(arg, '/users'),
      providesTags: (_r, _e, { dashboardId }) => [sharesTag(dashboardId)],
    }),
    shareDashboard: build.mutation<{ users: DashboardShare[] }, DashboardArg & { body: DashboardShareBody }>({
      query: ({ body, ...arg }) => ({ url: sharesUrl(arg, '/share'), method: 'POST', body }),
      invalidatesTags: (_r, error, { dashboardId }) =>
        error ? [] : [sharesTag(dashboardId), dashboardTag(dashboardId)],
    }),
    revokeShare: build.mutation<void, DashboardArg & { email: string }>({
      query: ({ email, ...arg }) => ({
        url: sharesUrl(arg, `/revoke/${encodeURIComponent(email)}`),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error, { dashboardId }) =>
        error ? [] : [sharesTag(dashboardId), dashboardTag(dashboardId)],
    }),
  }),
});

export const {
  useCreateExportMutation,
  useUpdateExportMutation,
  useShowCredentialsQuery,
  useListSharesQuery,
  useShareDashboardMutation,
  useRevokeShareMutation,
} = sharingApi;
