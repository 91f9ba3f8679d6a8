/** The node kinds (GET /stream_process/list_nodes): the palette, the nodes' looks and their config forms. */
import type { ListNodesResponse } from '@ferrite/contracts';
import { SILENT, streamApi } from './apiBase';

const nodesEndpoints = streamApi.injectEndpoints({
  endpoints: (build) => ({
    listNodeKinds: build.query<ListNodesResponse, void>({
      query: () => '/stream_process/list_nodes',
      extraOptions: SILENT,
      // Kinds change only with a server release.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useListNodeKindsQuery } = nodesEndpoints;
