/**
 * Projects (/role_mgmt/orgs/{orgId}/projects): the Active/Archived list (which feeds the list stores of
 * ../state) and the writes; archive and unarchive move the project between the tabs at once (spec §4).
 */
import type { ListProjectsResponse, Project, ProjectBody } from '@ferrite/contracts';
import { dataOf, type OrgArg, succeeded } from '../../../app/apiKit';
import { projects } from '../state/lists';
import {
  base,
  type ItemArg,
  roleManagerApi,
  type TabItemArg,
  type TabPageArg,
  tabParams,
  touched,
} from './apiBase';

const url = (orgId: string, id?: string) => `${base(orgId)}/projects${id ? `/${id}` : ''}`;
const { actions } = projects;

export const projectsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<ListProjectsResponse, TabPageArg>({
      query: (arg) => ({ url: url(arg.orgId), params: tabParams(arg) }),
      providesTags: ['RmProjects'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const { projects: items, total_entries: total, counts } = data;
        dispatch(actions.pageLoaded({ tab: arg.tab, page: arg.page, items, total, counts }));
      },
    }),
    createProject: build.mutation<Project, OrgArg & { body: ProjectBody }>({
      query: ({ orgId, body }) => ({ url: url(orgId), method: 'POST', body }),
      invalidatesTags: touched('RmProjects'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.created(data));
      },
    }),
    updateProject: build.mutation<Project, ItemArg & { body: ProjectBody }>({
      query: ({ orgId, id, body }) => ({ url: url(orgId, id), method: 'PUT', body }),
      invalidatesTags: touched('RmProjects'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.updated(data));
      },
    }),
    archiveProject: build.mutation<Project, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${url(orgId, id)}/archive`, method: 'POST' }),
      invalidatesTags: touched('RmProjects'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.archived(data));
      },
    }),
    unarchiveProject: build.mutation<Project, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${url(orgId, id)}/unarchive`, method: 'POST' }),
      invalidatesTags: touched('RmProjects'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(actions.unarchived(data));
      },
    }),
    deleteProject: build.mutation<void, TabItemArg>({
      query: ({ orgId, id }) => ({ url: url(orgId, id), method: 'DELETE' }),
      invalidatesTags: touched('RmProjects'),
      async onQueryStarted({ id, tab }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(actions.deleted({ id, tab }));
      },
    }),
  }),
});

export const {
  useListProjectsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useArchiveProjectMutation,
  useUnarchiveProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
