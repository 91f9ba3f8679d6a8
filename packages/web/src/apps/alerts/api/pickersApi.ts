/**
 * What the rule editor's and the silence form's pickers read, through other apps' list APIs: projects,
 * a project's sensors and assets and the sensor types (Entity Manager), members and user groups (Role
 * Manager), a sensor's series (telemetry) and the gateways (IoT Manager). A member without one of those
 * apps gets 403, which means "may not list them", not "signed out": hence OWN_403 on each.
 */
import type {
  Entity,
  EntityType,
  ListGatewaysResponse,
  ListProjectsResponse,
  ListUsersResponse,
  TelemetryDataResponse,
  UserGroup,
} from '@ferrite/contracts';
import { type OrgArg, OWN_403 } from '../../../app/apiKit';
import { alertsApi } from './apiBase';

/** Pickers ask for one big page and search locally. */
const PICKER_PAGE = { page_number: 1, page_size: 200 } as const;
const em = (orgId: string) => `/entity_mgmt/orgs/${orgId}`;

const pickersEndpoints = alertsApi.injectEndpoints({
  endpoints: (build) => ({
    alertProjects: build.query<ListProjectsResponse, OrgArg>({
      query: ({ orgId }) => ({ url: `${em(orgId)}/projects`, params: PICKER_PAGE }),
      extraOptions: OWN_403,
    }),
    alertEntities: build.query<
      { entities: Entity[] },
      OrgArg & { projectId: string; kind: 'sensor' | 'asset' }
    >({
      query: ({ orgId, projectId, kind }) => ({
        url: `${em(orgId)}/projects/${projectId}/${kind}s`,
        params: PICKER_PAGE,
      }),
      extraOptions: OWN_403,
    }),
    alertSensorTypes: build.query<{ types: EntityType[] }, OrgArg>({
      query: ({ orgId }) => ({ url: `${em(orgId)}/sensor_types`, params: PICKER_PAGE }),
      extraOptions: OWN_403,
    }),
    alertMembers: build.query<ListUsersResponse, OrgArg>({
      query: ({ orgId }) => ({ url: `/role_mgmt/orgs/${orgId}/users`, params: PICKER_PAGE }),
      extraOptions: OWN_403,
    }),
    alertUserGroups: build.query<{ user_groups: UserGroup[] }, OrgArg>({
      query: ({ orgId }) => ({ url: `/role_mgmt/orgs/${orgId}/user_groups`, params: PICKER_PAGE }),
      extraOptions: OWN_403,
    }),
    alertGateways: build.query<ListGatewaysResponse, OrgArg & { projectId: string }>({
      query: ({ orgId, projectId }) => ({
        url: `/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways`,
        params: PICKER_PAGE,
      }),
      extraOptions: OWN_403,
    }),
    /** A sensor parameter's series in a window (the detail's chart), raw points. */
    alertSeries: build.query<
      TelemetryDataResponse,
      OrgArg & { sensorId: string; paramKey: string; from: string; to: string }
    >({
      query: ({ orgId, sensorId, paramKey, from, to }) => ({
        url: `/telemetry/orgs/${orgId}/sensors/${sensorId}/parameters/${encodeURIComponent(paramKey)}/data`,
        params: { type: 'raw', from_date: from, to_date: to },
      }),
      extraOptions: { ...OWN_403, silent: true },
    }),
  }),
});

export const {
  useAlertProjectsQuery,
  useAlertEntitiesQuery,
  useAlertSensorTypesQuery,
  useAlertMembersQuery,
  useAlertUserGroupsQuery,
  useAlertGatewaysQuery,
  useAlertSeriesQuery,
} = pickersEndpoints;
