/**
 * A project's assets and sensors (…/projects/{projectId}/assets|sensors). Writes update the list stores
 * at once (spec §4) and invalidate the tags the tree and detail panels read, so they fetch the truth after.
 */
import type { Entity, EntityBody } from '@ferrite/contracts';
import { dataOf, type PageArg, pageParams, succeeded } from '../../../app/apiKit';
import { entityCreated, entityRemoved, entityUpdated } from '../store';
import {
  type EntityArg,
  entitiesTag,
  entitiesUrl,
  entityManagerApi,
  entityTag,
  projectTags,
} from './apiBase';

export interface EntitiesPage {
  entities: Entity[];
  total_entries: number;
  abilities: string[];
}

const entitiesApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listEntities: build.query<EntitiesPage, EntityArg & PageArg>({
      query: ({ kind, page, pageSize, search, ...project }) => ({
        url: entitiesUrl(project, kind),
        params: pageParams({ page, pageSize, search }),
      }),
      providesTags: (_r, _e, { kind, projectId }) => [entitiesTag(kind, projectId)],
    }),
    getEntity: build.query<Entity, EntityArg & { id: string }>({
      query: ({ kind, id, ...project }) => entitiesUrl(project, kind, id),
      providesTags: (_r, _e, { id }) => [entityTag(id)],
    }),
    createEntity: build.mutation<Entity, EntityArg & { body: EntityBody }>({
      query: ({ kind, body, ...project }) => ({ url: entitiesUrl(project, kind), method: 'POST', body }),
      invalidatesTags: (result, _e, { projectId, body }) =>
        result ? [...projectTags(projectId), ...(body.parent_id ? [entityTag(body.parent_id)] : [])] : [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(entityCreated(data));
      },
    }),
    updateEntity: build.mutation<Entity, EntityArg & { id: string; body: EntityBody }>({
      query: ({ kind, id, body, ...project }) => ({
        url: entitiesUrl(project, kind, id),
        method: 'PUT',
        body,
      }),
      // Descendants show this name in their hierarchy path, so every open detail is stale.
      invalidatesTags: (result, _e, { projectId }) => (result ? [...projectTags(projectId), 'EmEntity'] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(entityUpdated(data));
      },
    }),
    moveEntity: build.mutation<Entity, EntityArg & { id: string; parentId: string | null }>({
      query: ({ kind, id, parentId, ...project }) => ({
        url: `${entitiesUrl(project, kind, id)}/move`,
        method: 'POST',
        body: { parent_id: parentId },
      }),
      invalidatesTags: (result, _e, { projectId }) => (result ? [...projectTags(projectId), 'EmEntity'] : []),
    }),
    deleteEntity: build.mutation<void, EntityArg & { id: string; cascade: boolean }>({
      query: ({ kind, id, cascade, ...project }) => ({
        url: entitiesUrl(project, kind, id),
        method: 'DELETE',
        params: cascade ? { cascade: 'true' } : undefined,
      }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : [...projectTags(projectId), 'EmEntity']),
      async onQueryStarted({ kind, id }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(entityRemoved({ kind, id }));
      },
    }),
  }),
});

export const {
  useListEntitiesQuery,
  useGetEntityQuery,
  useCreateEntityMutation,
  useUpdateEntityMutation,
  useMoveEntityMutation,
  useDeleteEntityMutation,
} = entitiesApi;
