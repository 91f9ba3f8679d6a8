/** The organization's projects the Entity Manager works in (a 403 is shown in place). */
import type { ListProjectsResponse } from '@ferrite/contracts';
import { type OrgArg, OWN_403, type PageArg, pageParams } from '../../../app/apiKit';
import { emBase, entityManagerApi } from './apiBase';

const projectsApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listEmProjects: build.query<ListProjectsResponse, OrgArg & PageArg>({
      query: ({ orgId, ...page }) => ({ url: `${emBase(orgId)}/projects`, params: pageParams(page) }),
      extraOptions: OWN_403,
      providesTags: ['EmProjects'],
    }),
  }),
});

export const { useListEmProjectsQuery } = projectsApi;
