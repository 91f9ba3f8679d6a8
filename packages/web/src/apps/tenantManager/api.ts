/**
 * Tenant Manager calls (/tenant_mgmt, platform admins only). Tags keep the caches honest; the list
 * stores get the optimistic moves of spec §4 here, and the invalidated lists refetch the truth after.
 */
import type {
  Organization,
  OrganizationBody,
  OrgRequestDetail,
  TabCounts,
  UpdateOrganizationBody,
} from '@ferrite/contracts';
import { api } from '../../app/api';
import type { FerriteExtraOptions } from '../../app/baseQuery';
import {
  type OrgTab,
  orgArchiveToggled,
  orgCreated,
  orgUpdated,
  type RequestCounts,
  type RequestStatus,
  requestDecided,
} from './store';

export interface PageArgs {
  page: number;
  pageSize: number;
  search: string;
}

export interface OrganizationsPage {
  organizations: Organization[];
  total_entries: number;
  counts: TabCounts;
}

export interface RequestsPage {
  requests: OrgRequestDetail[];
  total_entries: number;
  counts: RequestCounts;
}

// A 403 here means "not a platform admin", not "signed out": show it, do not end the session.
const OWN_403: FerriteExtraOptions = { skipForbiddenRedirect: true };

const LIST = 'LIST';

function pageParams({ page, pageSize, search }: PageArgs) {
  return { page_number: page, page_size: pageSize, ...(search ? { search } : {}) };
}

const tenantApi = api.enhanceEndpoints({ addTagTypes: ['Organization', 'OrgRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<OrganizationsPage, PageArgs & { tab: OrgTab }>({
      query: ({ tab, ...args }) => ({
        url: '/tenant_mgmt/orgs',
        params: { ...pageParams(args), is_archived: String(tab === 'archived') },
      }),
      extraOptions: OWN_403,
      providesTags: (result) => [
        { type: 'Organization', id: LIST },
        ...(result?.organizations ?? []).map((org) => ({ type: 'Organization' as const, id: org.id })),
      ],
    }),
    getOrganization: build.query<Organization, string>({
      query: (id) => `/tenant_mgmt/orgs/${id}`,
      extraOptions: OWN_403,
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),
    createOrganization: build.mutation<Organization, OrganizationBody>({
      query: (body) => ({ url: '/tenant_mgmt/orgs', method: 'POST', body }),
      extraOptions: OWN_403,
      invalidatesTags: (result) => (result ? [{ type: 'Organization', id: LIST }] : []),
      // The server picks the id and dates, so the row goes in once it answers.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(orgCreated(data));
      },
    }),
    updateOrganization: build.mutation<Organization, { id: string; body: UpdateOrganizationBody }>({
      query: ({ id, body }) => ({ url: `/tenant_mgmt/orgs/${id}`, method: 'PUT', body }),
      extraOptions: OWN_403,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Organization', id },
        { type: 'Organization', id: LIST },
      ],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(orgUpdated(data));
      },
    }),
    setOrganizationArchived: build.mutation<Organization, { org: Organization; archived: boolean }>({
      query: ({ org, archived }) => ({
        url: `/tenant_mgmt/orgs/${org.id}/${archived ? 'archive' : 'unarchive'}`,
        method: 'POST',
      }),
      extraOptions: OWN_403,
      // Invalidated on failure too: the refetch puts back a row the optimistic move took away.
      invalidatesTags: (_result, _error, { org }) => [
        { type: 'Organization', id: org.id },
        { type: 'Organization', id: LIST },
      ],
      onQueryStarted({ org, archived }, { dispatch }) {
        const moved = { ...org, archived_at: archived ? new Date().toISOString() : null };
        dispatch(orgArchiveToggled({ org: moved, archived }));
      },
    }),
    listOrgRequests: build.query<RequestsPage, PageArgs & { status: RequestStatus }>({
      query: ({ status, ...args }) => ({
        url: '/tenant_mgmt/requests',
        params: { ...pageParams(args), status },
      }),
      extraOptions: OWN_403,
      providesTags: [{ type: 'OrgRequest', id: LIST }],
    }),
    approveOrgRequest: build.mutation<OrgRequestDetail, OrgRequestDetail>({
      query: (request) => ({ url: `/tenant_mgmt/requests/${request.id}/approve`, method: 'POST' }),
      extraOptions: OWN_403,
      // Approving creates an organization, so the organization lists are stale too.
      invalidatesTags: [
        { type: 'OrgRequest', id: LIST },
        { type: 'Organization', id: LIST },
      ],
      onQueryStarted(request, { dispatch }) {
        dispatch(requestDecided({ request, status: 'approved' }));
      },
    }),
    rejectOrgRequest: build.mutation<OrgRequestDetail, { request: OrgRequestDetail; reason: string }>({
      query: ({ request, reason }) => ({
        url: `/tenant_mgmt/requests/${request.id}/reject`,
        method: 'POST',
        body: { reason },
      }),
      extraOptions: OWN_403,
      invalidatesTags: [{ type: 'OrgRequest', id: LIST }],
      onQueryStarted({ request, reason }, { dispatch }) {
        dispatch(requestDecided({ request: { ...request, reason }, status: 'rejected' }));
      },
    }),
  }),
});

export const {
  useListOrganizationsQuery,
  useGetOrganizationQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useSetOrganizationArchivedMutation,
  useListOrgRequestsQuery,
  useApproveOrgRequestMutation,
  useRejectOrgRequestMutation,
} = tenantApi;
