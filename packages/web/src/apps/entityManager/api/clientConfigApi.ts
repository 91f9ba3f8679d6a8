/** The server's client configuration (/client-config): what the map draws with. */
import type { ClientConfig } from '@ferrite/contracts';
import { entityManagerApi } from './apiBase';

const clientConfigApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({
      query: () => '/client-config',
      // Configuration does not change while the server runs.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetClientConfigQuery } = clientConfigApi;
