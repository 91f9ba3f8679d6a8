/**
 * What the widget binding pickers read (project → sensor → parameter): the organization's projects and a
 * project's sensors with their parameters, from the Entity Manager API (spec §7 "entity hierarchy").
 */
import type { Entity, ListProjectsResponse } from '@ferrite/contracts';
import { dashApi, type OrgArg, OWN_403 } from './apiBase';

/** Pickers ask for one big page and search locally. */
const PICKER_PAGE = { page_number: 1, page_size: 200 } as const;

const entitiesApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    bindingProjects: build.query<ListProjectsResponse, OrgArg>({
      query: ({ orgId }) => ({ url: `/entity_mgmt/orgs/${orgId}/projects`, params: PICKER_PAGE }),
      extraOptions: OWN_403,
    }),
    bindingSensors: build.query<
      { entities: Entity[]; total_entries: number },
      OrgArg & { projectId: string }
    >({
      query: ({ orgId, projectId }) => ({
        url: `/entity_mgmt/orgs/${orgId}/projects/${projectId}/sensors`,
        params: PICKER_PAGE,
      }),
      extraOptions: OWN_403,
    }),
  }),
});

export const { useBindingProjectsQuery, useBindingSensorsQuery } = entitiesApi;
