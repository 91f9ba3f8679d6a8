/**
 * Firmware: the organization's library of files (uploaded as raw bytes with their name, version and
 * notes in the query), rollouts to gateways, and each gateway's rollouts with their progress.
 */
import type { Firmware, Rollout } from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import { type GatewayArg, gatewayUrl, iotApi, iotBase } from './apiBase';

export interface FirmwareUpload {
  name: string;
  version: string;
  notes: string;
  file: File;
}

const firmwareUrl = (orgId: string, rest = '') => `${iotBase(orgId)}/firmware${rest}`;

const firmwareApi = iotApi.injectEndpoints({
  endpoints: (build) => ({
    listFirmware: build.query<Firmware[], OrgArg>({
      query: ({ orgId }) => firmwareUrl(orgId),
      transformResponse: (response: { firmware: Firmware[] }) => response.firmware,
      providesTags: ['IotFirmware'],
    }),
    uploadFirmware: build.mutation<Firmware, OrgArg & FirmwareUpload>({
      query: ({ orgId, name, version, notes, file }) => ({
        url: firmwareUrl(orgId),
        method: 'POST',
        params: { name, version, notes, filename: file.name || 'firmware.bin' },
        headers: { 'Content-Type': 'application/octet-stream' },
        body: file,
      }),
      invalidatesTags: (result) => (result ? ['IotFirmware'] : []),
    }),
    deleteFirmware: build.mutation<void, OrgArg & { firmwareId: string }>({
      query: ({ orgId, firmwareId }) => ({ url: firmwareUrl(orgId, `/${firmwareId}`), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['IotFirmware', 'IotRollouts']),
    }),
    startRollout: build.mutation<Rollout[], OrgArg & { firmwareId: string; gatewayIds: string[] }>({
      query: ({ orgId, firmwareId, gatewayIds }) => ({
        url: firmwareUrl(orgId, `/${firmwareId}/rollouts`),
        method: 'POST',
        body: { gateway_ids: gatewayIds },
      }),
      transformResponse: (response: { rollouts: Rollout[] }) => response.rollouts,
      invalidatesTags: (result) => (result ? ['IotRollouts', 'IotCommands'] : []),
    }),
    listFirmwareRollouts: build.query<Rollout[], OrgArg & { firmwareId: string }>({
      query: ({ orgId, firmwareId }) => firmwareUrl(orgId, `/${firmwareId}/rollouts`),
      transformResponse: (response: { rollouts: Rollout[] }) => response.rollouts,
      providesTags: (_r, _e, { firmwareId }) => [
        { type: 'IotRollouts', id: `firmware:${firmwareId}` },
        'IotRollouts',
      ],
    }),
    listGatewayRollouts: build.query<Rollout[], GatewayArg>({
      query: (arg) => gatewayUrl(arg, '/rollouts'),
      transformResponse: (response: { rollouts: Rollout[] }) => response.rollouts,
      providesTags: (_r, _e, { gatewayId }) => [{ type: 'IotRollouts', id: gatewayId }, 'IotRollouts'],
    }),
  }),
});

export { firmwareApi };
export const {
  useListFirmwareQuery,
  useUploadFirmwareMutation,
  useDeleteFirmwareMutation,
  useStartRolloutMutation,
  useListFirmwareRolloutsQuery,
  useListGatewayRolloutsQuery,
} = firmwareApi;
