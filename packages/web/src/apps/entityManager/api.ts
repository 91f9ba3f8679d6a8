/**
 * Entity Manager calls (/entity_mgmt/orgs/{orgId}): types, a project's assets and sensors, its
 * hierarchy and import. Writes update the list stores at once (spec §4) and invalidate the tags the
 * tree and detail panels read, so they fetch the truth after.
 */
import type {
  ClientConfig,
  Entity,
  EntityBody,
  EntityKind,
  EntityType,
  EntityTypeBody,
  HierarchyNode,
  ImportReport,
  ImportRow,
  ListProjectsResponse,
  Person,
  TelemetryDataResponse,
  TelemetryLatestResponse,
} from '@ferrite/contracts';
import {
  dataOf,
  emBase,
  entitiesUrl,
  entityManagerApi,
  hierarchyUrl,
  type OrgArg,
  OWN_403,
  type PageArg,
  type ProjectArg,
  pageParams,
  typesUrl,
} from './apiBase';
import type { RangeQuery } from './entities/sensorRanges';
import { entityCreated, entityRemoved, entityUpdated, typeCreated, typeRemoved, typeUpdated } from './store';

export interface TypesPage {
  types: EntityType[];
  total_entries: number;
  abilities: string[];
}
export interface EntitiesPage {
  entities: Entity[];
  total_entries: number;
  abilities: string[];
}
export interface Hierarchy {
  project: { id: string; name: string };
  nodes: HierarchyNode[];
  total_entries: number;
}
/** What an import sends: the CSV text or the parsed JSON rows. */
export type ImportBody = { format: 'csv'; csv: string } | { format: 'json'; rows: ImportRow[] | unknown[] };

type TypeArg = OrgArg & { kind: EntityKind };
type EntityArg = ProjectArg & { kind: EntityKind };

const hierarchyTag = (projectId: string) => ({ type: 'EmHierarchy' as const, id: projectId });
const entityTag = (id: string) => ({ type: 'EmEntity' as const, id });
const entitiesTag = (kind: EntityKind, projectId: string) => ({
  type: 'EmEntities' as const,
  id: `${kind}:${projectId}`,
});
/** Any write in a project: both lists (a cascade removes sensors too) and the tree. */
const projectTags = (projectId: string) => [
  hierarchyTag(projectId),
  entitiesTag('asset', projectId),
  entitiesTag('sensor', projectId),
];

/** /telemetry/orgs/{orgId}/sensors/{sensorId}{rest}. */
const telemetryUrl = (orgId: string, sensorId: string, rest: string) =>
  `/telemetry/orgs/${orgId}/sensors/${sensorId}${rest}`;

const emApi = entityManagerApi.injectEndpoints({
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
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (ok) dispatch(typeRemoved({ kind, id }));
      },
    }),

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
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (ok) dispatch(entityRemoved({ kind, id }));
      },
    }),

    getHierarchy: build.query<Hierarchy, ProjectArg>({
      query: (arg) => hierarchyUrl(arg),
      providesTags: (_r, _e, { projectId }) => [hierarchyTag(projectId)],
    }),
    importHierarchy: build.mutation<ImportReport, ProjectArg & { body: ImportBody }>({
      query: ({ body, ...project }) => ({ url: `${hierarchyUrl(project)}/import`, method: 'POST', body }),
      // All or nothing: a report with errors wrote nothing, so nothing is stale.
      invalidatesTags: (result, _e, { projectId }) => (result?.created ? projectTags(projectId) : []),
    }),

    listEmProjects: build.query<ListProjectsResponse, OrgArg & PageArg>({
      query: ({ orgId, ...page }) => ({
        url: `/entity_mgmt/orgs/${orgId}/projects`,
        params: pageParams(page),
      }),
      extraOptions: OWN_403,
      providesTags: ['EmProjects'],
    }),
    listEmUsers: build.query<Person[], OrgArg>({
      query: ({ orgId }) => ({ url: `/entity_mgmt/orgs/${orgId}/people` }),
      extraOptions: OWN_403,
      transformResponse: (response: { people: Person[] }) => response.people,
    }),
    getSensorLatest: build.query<TelemetryLatestResponse, OrgArg & { sensorId: string }>({
      query: ({ orgId, sensorId }) => telemetryUrl(orgId, sensorId, '/latest'),
    }),
    getSensorSeries: build.query<
      TelemetryDataResponse,
      OrgArg & { sensorId: string; paramKey: string; query: RangeQuery }
    >({
      query: ({ orgId, sensorId, paramKey, query }) => ({
        url: telemetryUrl(orgId, sensorId, `/parameters/${encodeURIComponent(paramKey)}/data`),
        params: query,
      }),
    }),
    getClientConfig: build.query<ClientConfig, void>({
      query: () => '/client-config',
      // Configuration does not change while the server runs.
      keepUnusedDataFor: 3600,
    }),
  }),
});

/** The export file's URL; fetched by hand (importExport/download.ts) because the answer is a file. */
export const exportUrl = (arg: ProjectArg, format: 'csv' | 'json') =>
  `/api${emBase(arg.orgId)}/projects/${arg.projectId}/hierarchy/export?format=${format}`;

export const {
  useListEntityTypesQuery,
  useCreateEntityTypeMutation,
  useUpdateEntityTypeMutation,
  useDeleteEntityTypeMutation,
  useListEntitiesQuery,
  useGetEntityQuery,
  useCreateEntityMutation,
  useUpdateEntityMutation,
  useMoveEntityMutation,
  useDeleteEntityMutation,
  useGetHierarchyQuery,
  useImportHierarchyMutation,
  useListEmProjectsQuery,
  useListEmUsersQuery,
  useGetClientConfigQuery,
  useGetSensorLatestQuery,
  useGetSensorSeriesQuery,
} = emApi;
