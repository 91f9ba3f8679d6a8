/**
 * Projects, gateways and topology (/iot_mgmt/orgs/{orgId}). Writes invalidate the lists, the counts on
 * My Projects and the topology, so every view fetches the truth after; the gateway itself is written
 * into its cache entry at once so the detail page never flickers back to the old values.
 */
import type {
  Gateway,
  GatewayBody,
  GatewayWithToken,
  IotProjectsResponse,
  ListGatewaysResponse,
  TopologyResponse,
} from '@ferrite/contracts';
import { dataOf, type OrgArg, type PageArg, pageParams } from '../../../app/apiKit';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { type GatewayArg, gatewayUrl, iotApi, iotBase, type ProjectArg, projectUrl } from './apiBase';

/** Everything a gateway write can make stale besides the gateway itself. */
const LISTS = ['IotGateways', 'IotProjects', 'IotTopology'] as const;
const gatewayTag = (id: string) => ({ type: 'IotGateway' as const, id });

const gatewaysApi = iotApi.injectEndpoints({
  endpoints: (build) => ({
    listIotProjects: build.query<IotProjectsResponse, OrgArg & PageArg>({
      query: ({ orgId, ...page }) => ({ url: `${iotBase(orgId)}/projects`, params: pageParams(page) }),
      providesTags: ['IotProjects'],
    }),
    listGateways: build.query<ListGatewaysResponse, ProjectArg & PageArg & { tab: ArchiveTab }>({
      query: ({ orgId, projectId, tab, ...page }) => ({
        url: projectUrl({ orgId, projectId }, '/gateways'),
        params: { ...pageParams(page), is_archived: String(tab === 'archived') },
      }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'IotGateways', id: projectId }],
    }),
    getGateway: build.query<Gateway, GatewayArg>({
      query: (arg) => gatewayUrl(arg),
      providesTags: (_r, _e, { gatewayId }) => [gatewayTag(gatewayId)],
    }),
    createGateway: build.mutation<GatewayWithToken, ProjectArg & { body: GatewayBody }>({
      query: ({ body, ...project }) => ({ url: projectUrl(project, '/gateways'), method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
    }),
    updateGateway: build.mutation<Gateway, GatewayArg & { body: GatewayBody }>({
      query: ({ body, ...arg }) => ({ url: gatewayUrl(arg), method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [...LISTS, 'IotMappingTree'] : []),
      async onQueryStarted({ orgId, gatewayId }, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (saved) dispatch(gatewaysApi.util.upsertQueryData('getGateway', { orgId, gatewayId }, saved));
      },
    }),
    setGatewayArchived: build.mutation<Gateway, GatewayArg & { archived: boolean }>({
      query: ({ archived, ...arg }) => ({
        url: gatewayUrl(arg, archived ? '/archive' : '/unarchive'),
        method: 'POST',
      }),
      invalidatesTags: (result, _e, { gatewayId }) => (result ? [...LISTS, gatewayTag(gatewayId)] : []),
    }),
    deleteGateway: build.mutation<void, GatewayArg>({
      query: (arg) => ({ url: gatewayUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [...LISTS, 'IotMappingTree']),
    }),
    rotateGatewayToken: build.mutation<GatewayWithToken, GatewayArg>({
      query: (arg) => ({ url: gatewayUrl(arg, '/access_token'), method: 'POST' }),
      async onQueryStarted({ orgId, gatewayId }, { dispatch, queryFulfilled }) {
        const result = await dataOf(queryFulfilled);
        if (result) {
          dispatch(gatewaysApi.util.upsertQueryData('getGateway', { orgId, gatewayId }, result.gateway));
        }
      },
    }),
    getTopology: build.query<TopologyResponse, ProjectArg>({
      query: (arg) => projectUrl(arg, '/topology'),
      providesTags: (_r, _e, { projectId }) => [{ type: 'IotTopology', id: projectId }],
    }),
  }),
});

export { gatewaysApi };
export const {
  useListIotProjectsQuery,
  useListGatewaysQuery,
  useGetGatewayQuery,
  useCreateGatewayMutation,
  useUpdateGatewayMutation,
  useSetGatewayArchivedMutation,
  useDeleteGatewayMutation,
  useRotateGatewayTokenMutation,
  useGetTopologyQuery,
} = gatewaysApi;
