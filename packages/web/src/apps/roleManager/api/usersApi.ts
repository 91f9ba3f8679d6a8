/**
 * The organization's members (/role_mgmt/orgs/{orgId}/users): the Active/Archived list (which feeds the
 * list stores of ../state, what the views draw), the member picker and the writes. Writes apply the
 * spec §4 moves at once, then invalidate so the shown page and its counts re-sync with the server.
 */
import type { ListUsersResponse, OrgUser, UpdateUserBody } from '@ferrite/contracts';
import { dataOf, type OrgArg, succeeded } from '../../../app/apiKit';
import { userCountsLoaded, users } from '../state/lists';
import {
  base,
  type ItemArg,
  OPTIONS_PAGE,
  roleManagerApi,
  type TabItemArg,
  type TabPageArg,
  tabParams,
  touched,
} from './apiBase';

const usersApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<ListUsersResponse, TabPageArg>({
      query: (arg) => ({ url: `${base(arg.orgId)}/users`, params: tabParams(arg) }),
      providesTags: ['RmUsers'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const { users: items, total_entries: total, counts } = data;
        dispatch(users.actions.pageLoaded({ tab: arg.tab, page: arg.page, items, total, counts }));
        dispatch(userCountsLoaded(counts));
      },
    }),
    memberOptions: build.query<OrgUser[], OrgArg>({
      query: ({ orgId }) => ({ url: `${base(orgId)}/users`, params: OPTIONS_PAGE }),
      transformResponse: (response: ListUsersResponse) => response.users,
      providesTags: ['RmUsers'],
    }),

    updateUser: build.mutation<OrgUser, ItemArg & { body: UpdateUserBody }>({
      query: ({ orgId, id, body }) => ({ url: `${base(orgId)}/users/${id}`, method: 'PUT', body }),
      // Groups show member counts and the caller may have changed their own access.
      invalidatesTags: [...touched('RmUsers', 'RmGroups'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(users.actions.updated(data));
      },
    }),
    archiveUser: build.mutation<OrgUser, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/users/${id}/archive`, method: 'POST' }),
      invalidatesTags: touched('RmUsers', 'RmGroups'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(users.actions.archived(data));
      },
    }),
    unarchiveUser: build.mutation<OrgUser, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/users/${id}/unarchive`, method: 'POST' }),
      // Unarchiving revokes a pending re-invitation, so Invites re-counts too.
      invalidatesTags: touched('RmUsers', 'RmInvitations', 'RmGroups'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(users.actions.unarchived(data));
      },
    }),
    deleteUser: build.mutation<void, TabItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/users/${id}`, method: 'DELETE' }),
      invalidatesTags: touched('RmUsers', 'RmGroups', 'RmProjects'),
      async onQueryStarted({ id, tab }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(users.actions.deleted({ id, tab }));
      },
    }),
  }),
});

export const {
  useListUsersQuery,
  useMemberOptionsQuery,
  useUpdateUserMutation,
  useArchiveUserMutation,
  useUnarchiveUserMutation,
  useDeleteUserMutation,
} = usersApi;
