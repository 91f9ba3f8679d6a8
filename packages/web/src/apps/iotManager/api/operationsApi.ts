/**
 * What a gateway did and is told: its latest logs (newest first) and its commands. Live events from
 * the socket are written straight into these caches (see logs/ and commands/), so the lists stay put
 * while they grow.
 */
import type { Command, CommandBody, GatewayLog, GatewayLogsResponse } from '@ferrite/contracts';
import { type GatewayArg, gatewayUrl, iotApi } from './apiBase';

export type LogLevel = GatewayLog['level'];

/** The logs query: how many lines, and optionally one level only. */
export interface LogsArg extends GatewayArg {
  limit: number;
  level?: LogLevel;
}

export interface CommandsPage {
  commands: Command[];
  total_entries: number;
}

const operationsApi = iotApi.injectEndpoints({
  endpoints: (build) => ({
    getGatewayLogs: build.query<GatewayLogsResponse, LogsArg>({
      query: ({ limit, level, ...arg }) => ({ url: gatewayUrl(arg, '/logs'), params: { limit, level } }),
      providesTags: (_r, _e, { gatewayId }) => [{ type: 'IotLogs', id: gatewayId }],
    }),
    deleteGatewayLogs: build.mutation<void, GatewayArg>({
      query: (arg) => ({ url: gatewayUrl(arg, '/logs'), method: 'DELETE' }),
      invalidatesTags: (_r, error, { gatewayId }) => (error ? [] : [{ type: 'IotLogs', id: gatewayId }]),
    }),
    listCommands: build.query<CommandsPage, GatewayArg & { page: number; pageSize: number }>({
      query: ({ page, pageSize, ...arg }) => ({
        url: gatewayUrl(arg, '/commands'),
        params: { page_number: page, page_size: pageSize },
      }),
      providesTags: (_r, _e, { gatewayId }) => [{ type: 'IotCommands', id: gatewayId }],
    }),
    sendCommand: build.mutation<Command, GatewayArg & { body: CommandBody }>({
      query: ({ body, ...arg }) => ({ url: gatewayUrl(arg, '/commands'), method: 'POST', body }),
      invalidatesTags: (result, _e, { gatewayId }) =>
        result ? [{ type: 'IotCommands', id: gatewayId }] : [],
    }),
  }),
});

export { operationsApi };
export const {
  useGetGatewayLogsQuery,
  useDeleteGatewayLogsMutation,
  useListCommandsQuery,
  useSendCommandMutation,
} = operationsApi;
