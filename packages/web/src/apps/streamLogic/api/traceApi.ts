/**
 * Debugging a chain: its trace (counts and last messages), debug toggled without a redeploy, replaying
 * a message through a node as edited, and the project's activity (deploys, rollbacks, errors).
 */
import type {
  ChainActivityEntry,
  ChainActivityKind,
  DebugSettings,
  PipelineTrace,
  ReplayBody,
  ReplayResponse,
} from '@ferrite/contracts';
import { type PageArg, pageParams } from '../../../app/apiKit';
import { type ChainArg, chainUrl, type ProjectArg, projectUrl, SILENT, streamApi } from './apiBase';

const traceEndpoints = streamApi.injectEndpoints({
  endpoints: (build) => ({
    getTrace: build.query<PipelineTrace, ChainArg>({
      query: (arg) => chainUrl(arg, '/trace'),
      extraOptions: SILENT,
      providesTags: (_r, _e, { pipelineId }) => [{ type: 'StreamTrace', id: pipelineId }],
    }),
    setDebug: build.mutation<DebugSettings, ChainArg & { body: DebugSettings }>({
      query: ({ body, ...arg }) => ({ url: chainUrl(arg, '/debug'), method: 'PUT', body }),
    }),
    replay: build.mutation<ReplayResponse, ChainArg & { body: ReplayBody }>({
      query: ({ body, ...arg }) => ({ url: chainUrl(arg, '/replay'), method: 'POST', body }),
    }),
    listActivity: build.query<
      { activity: ChainActivityEntry[]; total_entries: number },
      ProjectArg & PageArg & { kind?: ChainActivityKind; pipelineId?: string }
    >({
      query: ({ orgId, projectId, kind, pipelineId, ...page }) => ({
        url: projectUrl({ orgId, projectId }, '/activity'),
        params: pageParams(page, { kind, pipeline_id: pipelineId }),
      }),
      extraOptions: SILENT,
      providesTags: ['StreamActivity'],
    }),
  }),
});

export { traceEndpoints };
export const { useGetTraceQuery, useSetDebugMutation, useReplayMutation, useListActivityQuery } =
  traceEndpoints;
