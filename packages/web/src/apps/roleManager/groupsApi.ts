/** User group and custom role writes; each applies its list move at once, then the lists re-sync. */
import type { Role, RoleBody, UserGroup, UserGroupBody } from '@ferrite/contracts';
import {
  base,
  dataOf,
  type ItemArg,
  type OrgArg,
  roleManagerApi,
  succeeded,
  type TabItemArg,
  touched,
} from './apiBase';
import { roleCreated, roleDeleted, roleUpdated, userGroups } from './state/lists';

const groupUrl = (orgId: string, id?: string) => `${base(orgId)}/user_groups${id ? `/${id}` : ''}`;
const roleUrl = (orgId: string, id?: string) => `${base(orgId)}/roles${id ? `/${id}` : ''}`;
const { actions } = userGroups;

export const groupsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
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

    createRole: build.mutation<Role, OrgArg & { body: RoleBody }>({
      query: ({ orgId, body }) => ({ url: roleUrl(orgId), method: 'POST', body }),
      invalidatesTags: touched('RmRoles'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(roleCreated(data));
      },
    }),
    updateRole: build.mutation<Role, ItemArg & { body: RoleBody }>({
      query: ({ orgId, id, body }) => ({ url: roleUrl(orgId, id), method: 'PUT', body }),
      invalidatesTags: [...touched('RmRoles', 'RmUsers'), 'Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(roleUpdated(data));
      },
    }),
    deleteRole: build.mutation<void, ItemArg>({
      query: ({ orgId, id }) => ({ url: roleUrl(orgId, id), method: 'DELETE' }),
      invalidatesTags: [...touched('RmRoles', 'RmUsers'), 'Me'],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(roleDeleted(id));
      },
    }),
  }),
});

export const {
  useCreateUserGroupMutation,
  useUpdateUserGroupMutation,
  useArchiveUserGroupMutation,
  useUnarchiveUserGroupMutation,
  useDeleteUserGroupMutation,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = groupsApi;
