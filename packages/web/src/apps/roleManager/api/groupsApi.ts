/**
 * User groups (/role_mgmt/orgs/{orgId}/user_groups): the Active/Archived list (which feeds the list
 * stores of ../state), the group picker and the writes; each write applies its list move at once, then
 * the lists re-sync.
 */
import type { TabCounts, UserGroup, UserGroupBody } from '@ferrite/contracts';
import { dataOf, type OrgArg, succeeded } from '../../../app/apiKit';
import { userGroups } from '../state/lists';
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

export interface UserGroupsPage {
  user_groups: UserGroup[];
  total_entries: number;
  counts: TabCounts;
  abilities: string[];
}

const groupUrl = (orgId: string, id?: string) => `${base(orgId)}/user_groups${id ? `/${id}` : ''}`;
const { actions } = userGroups;

export const groupsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listUserGroups: build.query<UserGroupsPage, TabPageArg>({
      query: (arg) => ({ url: groupUrl(arg.orgId), params: tabParams(arg) }),
      providesTags: ['RmGroups'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const { user_groups: items, total_entries: total, counts } = data;
        dispatch(actions.pageLoaded({ tab: arg.tab, page: arg.page, items, total, counts }));
      },
    }),
    groupOptions: build.query<UserGroup[], OrgArg>({
      query: ({ orgId }) => ({ url: groupUrl(orgId), params: OPTIONS_PAGE }),
      transformResponse: (response: UserGroupsPage) => response.user_groups,
      providesTags: ['RmGroups'],
    }),

    createUserGroup: build.mutation<UserGroup, OrgArg & { body: UserGroupBody }>({
      query: ({ orgId, body }) => ({ url: groupUrl(orgId), method: 'POST', body }),
      // Members' groups (Users list) and, maybe, the caller's own access change with a group.
      invalidatesTags: [...touched('RmGroups', 'RmUsers'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.created(data));
      },
    }),
    updateUserGroup: build.mutation<UserGroup, ItemArg & { body: UserGroupBody }>({
      query: ({ orgId, id, body }) => ({ url: groupUrl(orgId, id), method: 'PUT', body }),
      invalidatesTags: [...touched('RmGroups', 'RmUsers'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.updated(data));
      },
    }),
    archiveUserGroup: build.mutation<UserGroup, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${groupUrl(orgId, id)}/archive`, method: 'POST' }),
      invalidatesTags: [...touched('RmGroups', 'RmUsers'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.archived(data));
      },
    }),
    unarchiveUserGroup: build.mutation<UserGroup, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${groupUrl(orgId, id)}/unarchive`, method: 'POST' }),
      invalidatesTags: [...touched('RmGroups', 'RmUsers'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.unarchived(data));
      },
    }),
    deleteUserGroup: build.mutation<void, TabItemArg>({
      query: ({ orgId, id }) => ({ url: groupUrl(orgId, id), method: 'DELETE' }),
      invalidatesTags: [...touched('RmGroups', 'RmUsers'), 'Me'],
      async onQueryStarted({ id, tab }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(actions.deleted({ id, tab }));
      },
    }),
  }),
});

export const {
  useListUserGroupsQuery,
  useGroupOptionsQuery,
  useCreateUserGroupMutation,
  useUpdateUserGroupMutation,
  useArchiveUserGroupMutation,
  useUnarchiveUserGroupMutation,
  useDeleteUserGroupMutation,
} = groupsApi;
