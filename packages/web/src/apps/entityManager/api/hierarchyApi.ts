/**
 * A project's hierarchy (…/projects/{projectId}/hierarchy): the tree, its import (all or nothing) and
 * the export file's URL.
 */
import type { HierarchyNode, ImportReport, ImportRow } from '@ferrite/contracts';
import {
  emBase,
  entityManagerApi,
  hierarchyTag,
  hierarchyUrl,
  type ProjectArg,
  projectTags,
} from './apiBase';

export interface Hierarchy {
  project: { id: string; name: string };
  nodes: HierarchyNode[];
  total_entries: number;
}
/** What an import sends: the CSV text or the parsed JSON rows. */
export type ImportBody = { format: 'csv'; csv: string } | { format: 'json'; rows: ImportRow[] | unknown[] };

const hierarchyApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    getHierarchy: build.query<Hierarchy, ProjectArg>({
      query: (arg) => hierarchyUrl(arg),
      providesTags: (_r, _e, { projectId }) => [hierarchyTag(projectId)],
    }),
    importHierarchy: build.mutation<ImportReport, ProjectArg & { body: ImportBody }>({
      query: ({ body, ...project }) => ({ url: `${hierarchyUrl(project)}/import`, method: 'POST', body }),
      // All or nothing: a report with errors wrote nothing, so nothing is stale.
      invalidatesTags: (result, _e, { projectId }) => (result?.created ? projectTags(projectId) : []),
    }),
  }),
});

/** The export file's URL; fetched by hand (importExport/download.ts) because the answer is a file. */
export const exportUrl = (arg: ProjectArg, format: 'csv' | 'json') =>
  `/api${emBase(arg.orgId)}/projects/${arg.projectId}/hierarchy/export?format=${format}`;

export const { useGetHierarchyQuery, useImportHierarchyMutation } = hierarchyApi;
