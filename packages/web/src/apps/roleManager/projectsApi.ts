/** Project writes; archive and unarchive move the project between the tabs at once (spec §4). */
import type { Project, ProjectBody } from '@ferrite/contracts';
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
import { projects } from './state/lists';

const url = (orgId: string, id?: string) => `${base(orgId)}/projects${id ? `/${id}` : ''}`;
const { actions } = projects;

export const projectsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
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
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useArchiveProjectMutation,
  useUnarchiveProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
