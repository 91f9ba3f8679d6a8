/**
 * Logic chains of a project (/stream_process/{projectId}/pipelines): the list with its tab counts, one
 * chain, create, deploy (PATCH with the revision it edits), delete, validate, and the versions with
 * one-click rollback.
 */
import type {
  ChainGraph,
  ChainProblem,
  CreatePipelineBody,
  Pipeline,
  PipelineListResponse,
  PipelineVersion,
  UpdatePipelineBody,
} from '@ferrite/contracts';
import { dataOf, type PageArg, pageParams } from '../../../app/apiKit';
import { type ChainArg, chainUrl, type ProjectArg, projectUrl, SILENT, streamApi } from './apiBase';

/** Which chains a list tab shows. */
export type ChainTab = 'all' | 'enabled' | 'disabled';

const LISTS = ['StreamChains', 'StreamActivity'] as const;

const pipelinesEndpoints = streamApi.injectEndpoints({
  endpoints: (build) => ({
    listChains: build.query<PipelineListResponse, ProjectArg & PageArg & { tab: ChainTab }>({
      query: ({ orgId: _o, projectId, tab, ...page }) => ({
        url: projectUrl({ orgId: _o, projectId }, '/pipelines'),
        params: pageParams(page, { status: tab }),
      }),
      extraOptions: SILENT,
      providesTags: ['StreamChains'],
    }),
    getChain: build.query<Pipeline, ChainArg>({
      query: (arg) => chainUrl(arg),
      extraOptions: SILENT,
      providesTags: (_r, _e, { pipelineId }) => [{ type: 'StreamChain', id: pipelineId }],
    }),
    createChain: build.mutation<Pipeline, ProjectArg & { body: CreatePipelineBody }>({
      query: ({ body, ...arg }) => ({ url: projectUrl(arg, '/pipelines'), method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
    }),
    /** A deploy (or an enable/disable): 409 when `revision` is stale, 422 with the chain's problems. */
    updateChain: build.mutation<Pipeline, ChainArg & { body: UpdatePipelineBody }>({
      query: ({ body, ...arg }) => ({ url: chainUrl(arg), method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? [...LISTS, 'StreamVersions'] : []),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        const { body: _b, ...key } = arg;
        if (saved) dispatch(pipelinesEndpoints.util.upsertQueryData('getChain', key, saved));
      },
    }),
    deleteChain: build.mutation<void, ChainArg>({
      query: (arg) => ({ url: chainUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [...LISTS]),
    }),
    validateChain: build.mutation<{ problems: ChainProblem[] }, ProjectArg & { graph: ChainGraph }>({
      query: ({ graph, ...arg }) => ({
        url: projectUrl(arg, '/pipelines/validate'),
        method: 'POST',
        body: graph,
      }),
    }),
    listVersions: build.query<{ versions: PipelineVersion[] }, ChainArg>({
      query: (arg) => chainUrl(arg, '/versions'),
      extraOptions: SILENT,
      providesTags: ['StreamVersions'],
    }),
    rollbackChain: build.mutation<Pipeline, ChainArg & { to: number; revision: number }>({
      query: ({ to, revision, ...arg }) => ({
        url: chainUrl(arg, `/versions/${to}/rollback`),
        method: 'POST',
        body: { revision },
      }),
      invalidatesTags: (result) => (result ? [...LISTS, 'StreamVersions'] : []),
      async onQueryStarted({ to: _t, revision: _r, ...key }, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (saved) dispatch(pipelinesEndpoints.util.upsertQueryData('getChain', key, saved));
      },
    }),
  }),
});

export { pipelinesEndpoints };
export const {
  useListChainsQuery,
  useGetChainQuery,
  useCreateChainMutation,
  useUpdateChainMutation,
  useDeleteChainMutation,
  useValidateChainMutation,
  useListVersionsQuery,
  useRollbackChainMutation,
} = pipelinesEndpoints;
