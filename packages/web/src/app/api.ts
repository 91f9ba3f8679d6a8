/** The one RTK Query API; features add their endpoints with api.injectEndpoints. */
import { createApi } from '@reduxjs/toolkit/query/react';
import { ferriteBaseQuery } from './baseQuery';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: ferriteBaseQuery,
  tagTypes: ['Me'],
  endpoints: () => ({}),
});
