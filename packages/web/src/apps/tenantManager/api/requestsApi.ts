/**
 * Sign-up requests for a new organization (/tenant_mgmt/requests, platform admins only): the list of one
 * status, approving and rejecting. A decision moves the request between the status tabs at once.
 */
import type { OrgRequestDetail } from '@ferrite/contracts';
import { OWN_403, type PageArg, pageParams } from '../../../app/apiKit';
import { type RequestCounts, type RequestStatus, requestDecided } from '../store';
import { LIST, TENANT_BASE, tenantApi } from './apiBase';

export interface RequestsPage {
  requests: OrgRequestDetail[];
  total_entries: number;
  counts: RequestCounts;
}

const requestsUrl = (rest = '') => `${TENANT_BASE}/requests${rest}`;

const requestsApi = tenantApi.injectEndpoints({
  endpoints: (build) => ({
    listOrgRequests: build.query<RequestsPage, PageArg & { status: RequestStatus }>({
      query: ({ status, ...args }) => ({ url: requestsUrl(), params: pageParams(args, { status }) }),
      extraOptions: OWN_403,
      providesTags: [{ type: 'OrgRequest', id: LIST }],
    }),
    approveOrgRequest: build.mutation<OrgRequestDetail, OrgRequestDetail>({
      query: (request) => ({ url: requestsUrl(`/${request.id}/approve`), method: 'POST' }),
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
        url: requestsUrl(`/${request.id}/reject`),
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

export const { useListOrgRequestsQuery, useApproveOrgRequestMutation, useRejectOrgRequestMutation } =
  requestsApi;
