/**
 * What the project list and the config forms' entity pickers read: Stream Logic's own list of the
 * organization's projects with chain counts (streamLogic.view, so a member without the Entity Manager
 * still finds their projects), a project's sensors and the sensor types (Entity Manager, OWN_403: a
 * member without it "may not list them"), the members (Role Manager), and Stream Logic's own gateways
 * and assets of a project (§7). A failed gateway or asset load shows the server's message as a
 * notification (spec §8): not silent.
 */
import type { Entity, EntityType, ListUsersResponse, StreamProjectsResponse } from '@ferrite/contracts';
import { type OrgArg, OWN_403 } from '../../../app/apiKit';
import { type ProjectArg, projectUrl, streamApi } from './apiBase';

/** Pickers ask for one big page and search locally. */
const PICKER_PAGE = { page_number: 1, page_size: 200 } as const;
const em = (orgId: string) => `/entity_mgmt/orgs/${orgId}`;

/** One choice of a picker. */
export interface PickerOption {
  value: string;
  label: string;
}

const pickersEndpoints = streamApi.injectEndpoints({
  endpoints: (build) => ({
    // The organization is the token's; orgId only keys the cache per organization.
    streamProjects: build.query<StreamProjectsResponse, OrgArg & { search?: string }>({
      query: ({ search }) => ({
        url: '/stream_process/projects',
        params: { ...PICKER_PAGE, search: search || undefined },
      }),
      extraOptions: { ...OWN_403, silent: true },
      providesTags: ['StreamChains'],
    }),
    streamGateways: build.query<PickerOption[], ProjectArg>({
      query: (arg) => ({ url: projectUrl(arg, '/gateways'), params: { page_number: 1, page_size: 200 } }),
      transformResponse: (body: { gateways: { uuid: string; name: string }[] }) =>
        body.gateways.map((g) => ({ value: g.uuid, label: g.name })),
      extraOptions: OWN_403,
    }),
    streamAssets: build.query<PickerOption[], ProjectArg>({
      query: (arg) => projectUrl(arg, '/assets'),
      transformResponse: (body: { entities: { entities: { uuid: string; name: string }[] }[] }) =>
        (body.entities[0]?.entities ?? []).map((a) => ({ value: a.uuid, label: a.name })),
      extraOptions: OWN_403,
    }),
    streamSensors: build.query<PickerOption[], ProjectArg>({
      query: ({ orgId, projectId }) => ({
        url: `${em(orgId)}/projects/${projectId}/sensors`,
        params: PICKER_PAGE,
      }),
      transformResponse: (body: { entities: Entity[] }) =>
        body.entities.map((s) => ({ value: s.id, label: s.name })),
      extraOptions: OWN_403,
    }),
    streamSensorTypes: build.query<PickerOption[], OrgArg>({
      query: ({ orgId }) => ({ url: `${em(orgId)}/sensor_types`, params: PICKER_PAGE }),
      transformResponse: (body: { types: EntityType[] }) =>
        body.types.filter((t) => t.kind === 'sensor').map((t) => ({ value: t.id, label: t.name })),
      extraOptions: OWN_403,
    }),
    streamMembers: build.query<PickerOption[], OrgArg>({
      query: ({ orgId }) => ({ url: `/role_mgmt/orgs/${orgId}/users`, params: PICKER_PAGE }),
      transformResponse: (body: ListUsersResponse) =>
        body.users.map((u) => ({ value: u.id, label: u.name || u.email })),
      extraOptions: OWN_403,
    }),
  }),
});

export const {
  useStreamProjectsQuery,
  useStreamGatewaysQuery,
  useStreamAssetsQuery,
  useStreamSensorsQuery,
  useStreamSensorTypesQuery,
  useStreamMembersQuery,
} = pickersEndpoints;
