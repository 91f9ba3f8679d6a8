/**
 * Role Manager calls under /role_mgmt/orgs/{orgId}: list queries (which feed the list stores of
 * ./state, what the views draw), pickers, activity, and the users and invitations writes. Writes apply
 * the spec §4 moves at once, then invalidate so the shown page and its counts re-sync with the server.
 * Group, role and project writes live in groupsApi.ts and projectsApi.ts.
 */
import type {
  ActivityEntry,
  AppKey,
  CreateInvitationBody,
  Invitation,
  ListProjectsResponse,
  ListUsersResponse,
  OrgUser,
  Role,
  TabCounts,
  UpdateUserBody,
  UserGroup,
} from '@ferrite/contracts';
import type { RootState } from '../../app/store';
import {
  base,
  dataOf,
  type ItemArg,
  OPTIONS_PAGE,
  type OrgArg,
  type PageArg,
  pageParams,
  roleManagerApi,
  succeeded,
  type TabItemArg,
  type TabPageArg,
  tabParams,
  touched,
} from './apiBase';
import {
  invitationResent,
  invitationRevoked,
  invitationsPageLoaded,
  projects,
  rolesPageLoaded,
  userCountsLoaded,
  userGroups,
  userInvited,
  users,
} from './state/lists';

/** Activity filters (all optional) on top of a page. */
export interface ActivityArg extends PageArg {
  userId?: string;
  app?: AppKey;
  fromDate?: string;
  toDate?: string;
}
export interface ActivityPage {
  activity: ActivityEntry[];
  total_entries: number;
}
export interface InvitationsPage {
  invitations: Invitation[];
  total_entries: number;
  abilities: string[];
}
export interface UserGroupsPage {
  user_groups: UserGroup[];
  total_entries: number;
  counts: TabCounts;
  abilities: string[];
}
export interface RolesPage {
  roles: Role[];
  total_entries: number;
  abilities: string[];
}

export const rmApi = roleManagerApi.injectEndpoints({
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
    listInvitations: build.query<InvitationsPage, PageArg>({
      query: (arg) => ({
        url: `${base(arg.orgId)}/invitations`,
        params: pageParams(arg, { status: 'pending' }),
      }),
      providesTags: ['RmInvitations'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        dispatch(
          invitationsPageLoaded({ page: arg.page, items: data.invitations, total: data.total_entries }),
        );
      },
    }),
    listUserGroups: build.query<UserGroupsPage, TabPageArg>({
      query: (arg) => ({ url: `${base(arg.orgId)}/user_groups`, params: tabParams(arg) }),
      providesTags: ['RmGroups'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const { user_groups: items, total_entries: total, counts } = data;
        dispatch(userGroups.actions.pageLoaded({ tab: arg.tab, page: arg.page, items, total, counts }));
      },
    }),
    listRoles: build.query<RolesPage, PageArg>({
      query: (arg) => ({ url: `${base(arg.orgId)}/roles`, params: pageParams(arg) }),
      providesTags: ['RmRoles'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(rolesPageLoaded({ page: arg.page, items: data.roles, total: data.total_entries }));
      },
    }),
    listProjects: build.query<ListProjectsResponse, TabPageArg>({
      query: (arg) => ({ url: `${base(arg.orgId)}/projects`, params: tabParams(arg) }),
      providesTags: ['RmProjects'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const { projects: items, total_entries: total, counts } = data;
        dispatch(projects.actions.pageLoaded({ tab: arg.tab, page: arg.page, items, total, counts }));
      },
    }),
    listActivity: build.query<ActivityPage, ActivityArg>({
      query: (arg) => ({
        url: `${base(arg.orgId)}/activity`,
        params: pageParams(arg, {
          user_id: arg.userId,
          app: arg.app,
          from_date: arg.fromDate,
          to_date: arg.toDate,
        }),
      }),
      providesTags: ['RmActivity'],
    }),

    memberOptions: build.query<OrgUser[], OrgArg>({
      query: ({ orgId }) => ({ url: `${base(orgId)}/users`, params: OPTIONS_PAGE }),
      transformResponse: (response: ListUsersResponse) => response.users,
      providesTags: ['RmUsers'],
    }),
    groupOptions: build.query<UserGroup[], OrgArg>({
      query: ({ orgId }) => ({ url: `${base(orgId)}/user_groups`, params: OPTIONS_PAGE }),
      transformResponse: (response: UserGroupsPage) => response.user_groups,
      providesTags: ['RmGroups'],
    }),
    roleOptions: build.query<Role[], OrgArg>({
      query: ({ orgId }) => ({ url: `${base(orgId)}/roles`, params: OPTIONS_PAGE }),
      transformResponse: (response: RolesPage) => response.roles,
      providesTags: ['RmRoles'],
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

    /** Invites; `archivedUserId` names the archived member being invited back, when known. */
    inviteUser: build.mutation<Invitation, OrgArg & { body: CreateInvitationBody; archivedUserId?: string }>({
      query: ({ orgId, body }) => ({ url: `${base(orgId)}/invitations`, method: 'POST', body }),
      invalidatesTags: touched('RmUsers', 'RmInvitations'),
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const archivedUserId =
          arg.archivedUserId ?? archivedUserWithEmail(getState() as RootState, data.email);
        dispatch(userInvited({ invitation: data, archivedUserId }));
      },
    }),
    resendInvitation: build.mutation<Invitation, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/invitations/${id}/resend`, method: 'POST' }),
      invalidatesTags: touched('RmInvitations'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(invitationResent(data));
      },
    }),
    revokeInvitation: build.mutation<void, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/invitations/${id}`, method: 'DELETE' }),
      // A revoked re-invite puts the archived member back under Archived, so users re-count too.
      invalidatesTags: touched('RmUsers', 'RmInvitations'),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(invitationRevoked(id));
      },
    }),
  }),
});

/** The archived member with this e-mail on the held Archived page, if any (for the invite move). */
export function archivedUserWithEmail(state: RootState, email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return state.roleManager.lists.users.archived.items.find((u) => u.email.toLowerCase() === wanted)?.id;
}

export const {
  useListUsersQuery,
  useListInvitationsQuery,
  useListUserGroupsQuery,
  useListRolesQuery,
  useListProjectsQuery,
  useListActivityQuery,
  useMemberOptionsQuery,
  useGroupOptionsQuery,
  useRoleOptionsQuery,
  useUpdateUserMutation,
  useArchiveUserMutation,
  useUnarchiveUserMutation,
  useDeleteUserMutation,
  useInviteUserMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = rmApi;
