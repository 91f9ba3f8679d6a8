/**
 * What every Entity Manager call shares: argument shapes, URL builders and cache tags (the paging params
 * and helpers every app shares are in app/apiKit.ts).
 */
import type { EntityKind } from '@ferrite/contracts';
import { api } from '../../../app/api';
import type { OrgArg } from '../../../app/apiKit';

/** Calls about one project of the organization. */
export interface ProjectArg extends OrgArg {
  projectId: string;
}
/** Calls about the types of one kind. */
export type TypeArg = OrgArg & { kind: EntityKind };
/** Calls about a project's entities of one kind. */
export type EntityArg = ProjectArg & { kind: EntityKind };

/** /entity_mgmt/orgs/{orgId}. */
export const emBase = (orgId: string) => `/entity_mgmt/orgs/${orgId}`;
/** The type list of a kind: …/asset_types or …/sensor_types. */
export const typesUrl = (orgId: string, kind: EntityKind, id?: string) =>
  `${emBase(orgId)}/${kind}_types${id ? `/${id}` : ''}`;
/** A project's entities of a kind: …/projects/{projectId}/assets or /sensors. */
export const entitiesUrl = (arg: ProjectArg, kind: EntityKind, id?: string) =>
  `${emBase(arg.orgId)}/projects/${arg.projectId}/${kind}s${id ? `/${id}` : ''}`;
/** …/projects/{projectId}/hierarchy. */
export const hierarchyUrl = (arg: ProjectArg) => `${emBase(arg.orgId)}/projects/${arg.projectId}/hierarchy`;

/** Pickers (type selects, caretakers) ask for one big page and never touch the list stores. */
export const OPTIONS_PAGE = { page: 1, pageSize: 200 } as const;

/** The app's API with its cache tags added. */
export const entityManagerApi = api.enhanceEndpoints({
  addTagTypes: ['EmTypes', 'EmEntities', 'EmEntity', 'EmHierarchy', 'EmProjects'],
});

/** Tag of one project's tree. */
export const hierarchyTag = (projectId: string) => ({ type: 'EmHierarchy' as const, id: projectId });
/** Tag of one entity's detail. */
export const entityTag = (id: string) => ({ type: 'EmEntity' as const, id });
/** Tag of a project's list of one kind. */
export const entitiesTag = (kind: EntityKind, projectId: string) => ({
  type: 'EmEntities' as const,
  id: `${kind}:${projectId}`,
});
/** Any write in a project: both lists (a cascade removes sensors too) and the tree. */
export const projectTags = (projectId: string) => [
  hierarchyTag(projectId),
  entitiesTag('asset', projectId),
  entitiesTag('sensor', projectId),
];
