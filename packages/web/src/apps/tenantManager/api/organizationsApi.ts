/**
 * Organizations (/tenant_mgmt/orgs, platform admins only). Tags keep the caches honest; the list stores
 * get the optimistic moves of spec §4 here, and the invalidated lists refetch the truth after.
 */
import type { Organization, OrganizationBody, TabCounts, UpdateOrganizationBody } from '@ferrite/contracts';
import { dataOf, OWN_403, type PageArg, pageParams } from '../../../app/apiKit';
import { type OrgTab, orgArchiveToggled, orgCreated, orgUpdated } from '../store';
import { LIST, TENANT_BASE, tenantApi } from './apiBase';

export interface OrganizationsPage {
  organizations: Organization[];
  total_entries: number;
  counts: TabCounts;
}

const orgsUrl = (id?: string) => `${TENANT_BASE}/orgs${id ? `/${id}` : ''}`;

const organizationsApi = tenantApi.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<OrganizationsPage, PageArg & { tab: OrgTab }>({
      query: ({ tab, ...args }) => ({
        url: orgsUrl(),
        params: pageParams(args, { is_archived: String(tab === 'archived') }),
      }),
      extraOptions: OWN_403,
      providesTags: (result) => [
        { type: 'Organization', id: LIST },
        ...(result?.organizations ?? []).map((org) => ({ type: 'Organization' as const, id: org.id })),
      ],
    }),
    getOrganization: build.query<Organization, string>({
      query: (id) => orgsUrl(id),
      extraOptions: OWN_403,
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),
    createOrganization: build.mutation<Organization, OrganizationBody>({
      query: (body) => ({ url: orgsUrl(), method: 'POST', body }),
      extraOptions: OWN_403,
      invalidatesTags: (result) => (result ? [{ type: 'Organization', id: LIST }] : []),
      // The server picks the id and dates, so the row goes in once it answers.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(orgCreated(data));
      },
    }),
    updateOrganization: build.mutation<Organization, { id: string; body: UpdateOrganizationBody }>({
      query: ({ id, body }) => ({ url: orgsUrl(id), method: 'PUT', body }),
      extraOptions: OWN_403,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Organization', id },
        { type: 'Organization', id: LIST },
      ],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(orgUpdated(data));
      },
    }),
    setOrganizationArchived: build.mutation<Organization, { org: Organization; archived: boolean }>({
      query: ({ org, archived }) => ({
        url: `${orgsUrl(org.id)}/${archived ? 'archive' : 'unarchive'}`,
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
  }),
});

export const {
  useListOrganizationsQuery,
  useGetOrganizationQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useSetOrganizationArchivedMutation,
} = organizationsApi;
