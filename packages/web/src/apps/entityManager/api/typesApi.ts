/**
 * Asset and sensor types (/entity_mgmt/orgs/{orgId}/{kind}_types). Writes update the type list stores at
 * once (spec §4) and invalidate what shows a type, so it fetches the truth after.
 */
import type { EntityType, EntityTypeBody } from '@ferrite/contracts';
import { dataOf, type PageArg, pageParams, succeeded } from '../../../app/apiKit';
import { typeCreated, typeRemoved, typeUpdated } from '../store';
import { entityManagerApi, type TypeArg, typesUrl } from './apiBase';

export interface TypesPage {
  types: EntityType[];
  total_entries: number;
  abilities: string[];
}

const typesApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listEntityTypes: build.query<TypesPage, TypeArg & PageArg>({
      query: ({ orgId, kind, ...page }) => ({ url: typesUrl(orgId, kind), params: pageParams(page) }),
      providesTags: (_r, _e, { kind }) => [{ type: 'EmTypes', id: kind }],
    }),
    createEntityType: build.mutation<EntityType, TypeArg & { body: EntityTypeBody }>({
      query: ({ orgId, kind, body }) => ({ url: typesUrl(orgId, kind), method: 'POST', body }),
      invalidatesTags: (result, _e, { kind }) => (result ? [{ type: 'EmTypes', id: kind }] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(typeCreated(data));
      },
    }),
    updateEntityType: build.mutation<EntityType, TypeArg & { id: string; body: EntityTypeBody }>({
      query: ({ orgId, kind, id, body }) => ({ url: typesUrl(orgId, kind, id), method: 'PUT', body }),
      // Children inherit from it, entities show its fields and trees its name: all of them are stale.
      invalidatesTags: (result, _e, { kind }) =>
        result ? [{ type: 'EmTypes', id: kind }, 'EmEntity', 'EmEntities', 'EmHierarchy'] : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(typeUpdated(data));
      },
    }),
    deleteEntityType: build.mutation<void, TypeArg & { id: string }>({
      query: ({ orgId, kind, id }) => ({ url: typesUrl(orgId, kind, id), method: 'DELETE' }),
      invalidatesTags: (_r, error, { kind }) => (error ? [] : [{ type: 'EmTypes', id: kind }]),
      async onQueryStarted({ kind, id }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(typeRemoved({ kind, id }));
      },
    }),
  }),
});

export const {
  useListEntityTypesQuery,
  useCreateEntityTypeMutation,
  useUpdateEntityTypeMutation,
  useDeleteEntityTypeMutation,
} = typesApi;
