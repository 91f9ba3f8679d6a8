/**
 * Custom roles (/role_mgmt/orgs/{orgId}/roles): the list, the role picker and the writes, each applied
 * to the list at once.
 */
import type { Role, RoleBody } from '@ferrite/contracts';
import { dataOf, type OrgArg, pageParams, succeeded } from '../../../app/apiKit';
import { roleCreated, roleDeleted, rolesPageLoaded, roleUpdated } from '../state/lists';
import { base, type ItemArg, OPTIONS_PAGE, type OrgPageArg, roleManagerApi, touched } from './apiBase';

export interface RolesPage {
  roles: Role[];
  total_entries: number;
  abilities: string[];
}

const roleUrl = (orgId: string, id?: string) => `${base(orgId)}/roles${id ? `/${id}` : ''}`;

export const rolesApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<RolesPage, OrgPageArg>({
      query: (arg) => ({ url: roleUrl(arg.orgId), params: pageParams(arg) }),
      providesTags: ['RmRoles'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(rolesPageLoaded({ page: arg.page, items: data.roles, total: data.total_entries }));
      },
    }),
    roleOptions: build.query<Role[], OrgArg>({
      query: ({ orgId }) => ({ url: roleUrl(orgId), params: OPTIONS_PAGE }),
      transformResponse: (response: RolesPage) => response.roles,
      providesTags: ['RmRoles'],
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
  useListRolesQuery,
  useRoleOptionsQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = rolesApi;
