/**
 * What the user form's asset picker reads: the organization's active projects and one project's
 * hierarchy (the Entity Manager's route, so picking needs its view permission; the server says so).
 */
import type { HierarchyNode, ListProjectsResponse, Project } from '@ferrite/contracts';
import { type OrgArg, OWN_403 } from '../../../app/apiKit';
import { base, OPTIONS_PAGE, roleManagerApi } from './apiBase';

export interface ProjectHierarchyArg extends OrgArg {
  projectId: string;
}

const assetsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    projectOptions: build.query<Project[], OrgArg>({
      query: ({ orgId }) => ({
        url: `${base(orgId)}/projects`,
        params: { ...OPTIONS_PAGE, is_archived: 'false' },
      }),
      transformResponse: (response: ListProjectsResponse) => response.projects,
      providesTags: ['RmProjects'],
    }),
    projectHierarchy: build.query<HierarchyNode[], ProjectHierarchyArg>({
      query: ({ orgId, projectId }) => `/entity_mgmt/orgs/${orgId}/projects/${projectId}/hierarchy`,
      transformResponse: (response: { nodes: HierarchyNode[] }) => response.nodes,
      // A 403 here only means "no Entity Manager access": the picker says so, the session goes on.
      extraOptions: OWN_403,
    }),
  }),
});

export const { useProjectOptionsQuery, useProjectHierarchyQuery } = assetsApi;
