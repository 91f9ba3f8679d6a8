/**
 * Parameter mapping: a gateway's mappings, the project tree it maps onto, and the writes. A mapping
 * changes who feeds a sensor parameter across the project, so every gateway's tree and list is stale.
 */
import type { Mapping, MappingBody, MappingTreeResponse } from '@ferrite/contracts';
import { type GatewayArg, gatewayUrl, iotApi } from './apiBase';

const STALE = ['IotMappings', 'IotMappingTree', 'IotTopology', 'IotGateway'] as const;

const mappingApi = iotApi.injectEndpoints({
  endpoints: (build) => ({
    listMappings: build.query<Mapping[], GatewayArg>({
      query: (arg) => gatewayUrl(arg, '/mappings'),
      transformResponse: (response: { mappings: Mapping[] }) => response.mappings,
      providesTags: (_r, _e, { gatewayId }) => [{ type: 'IotMappings', id: gatewayId }],
    }),
    getMappingTree: build.query<MappingTreeResponse, GatewayArg>({
      query: (arg) => gatewayUrl(arg, '/mapping_tree'),
      providesTags: (_r, _e, { gatewayId }) => [{ type: 'IotMappingTree', id: gatewayId }],
    }),
    /** 409 with `existing` when the parameter is mapped already; resend with replace: true to take it over. */
    createMapping: build.mutation<Mapping, GatewayArg & { body: MappingBody }>({
      query: ({ body, ...arg }) => ({ url: gatewayUrl(arg, '/mappings'), method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...STALE] : []),
    }),
    deleteMapping: build.mutation<void, GatewayArg & { mappingId: string }>({
      query: ({ mappingId, ...arg }) => ({
        url: gatewayUrl(arg, `/mappings/${mappingId}`),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error) => (error ? [] : [...STALE]),
    }),
  }),
});

export const {
  useListMappingsQuery,
  useGetMappingTreeQuery,
  useCreateMappingMutation,
  useDeleteMappingMutation,
} = mappingApi;
