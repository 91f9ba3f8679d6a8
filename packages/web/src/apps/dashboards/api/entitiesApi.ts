/**
 * What the widget binding pickers read (project → sensor → parameter): the organization's projects and a
 * project's sensors with their parameters, from the Entity Manager API (spec §7 "entity hierarchy").
 */
import type { Entity, EntityType, ListProjectsResponse, TelemetryDataResponse } from '@ferrite/contracts';
import { type OrgArg, OWN_403 } from '../../../app/apiKit';
import { dashApi } from './apiBase';

/*
 * A member without the Entity Manager gets 403 from these routes, which means "may not list them", not
 * "signed out": hence OWN_403 on each.
 */

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
    /** A sensor type with its effective properties, where a parameter's range is kept (`<key>.min`). */
    bindingSensorType: build.query<EntityType, OrgArg & { typeId: string }>({
      query: ({ orgId, typeId }) => `/entity_mgmt/orgs/${orgId}/sensor_types/${typeId}`,
      extraOptions: OWN_403,
    }),
    /** A parameter's latest raw readings, to fit a new widget's scale and decimals to them. */
    bindingRecentValues: build.query<TelemetryDataResponse, OrgArg & { sensorId: string; paramKey: string }>({
      query: ({ orgId, sensorId, paramKey }) => ({
        url: `/telemetry/orgs/${orgId}/sensors/${sensorId}/parameters/${encodeURIComponent(paramKey)}/data`,
        params: { type: 'raw', last: 200 },
      }),
      extraOptions: OWN_403,
    }),
  }),
});

export const {
  useBindingProjectsQuery,
  useBindingSensorsQuery,
  useBindingSensorTypeQuery,
  useBindingRecentValuesQuery,
} = entitiesApi;
