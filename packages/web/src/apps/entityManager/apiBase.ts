/** What every Entity Manager call shares: argument shapes, URL builders, cache tags and paging params. */
import type { EntityKind } from '@ferrite/contracts';
import { api } from '../../app/api';
import type { FerriteExtraOptions } from '../../app/baseQuery';

/** Every call names the signed-in organization. */
export interface OrgArg {
  orgId: string;
}
/** Calls about one project of the organization. */
export interface ProjectArg extends OrgArg {
  projectId: string;
}
/** One page of a list, with optional search text. */
export interface PageArg {
  page: number;
  pageSize: number;
  search?: string;
}

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

/** page_number, page_size and search (dropped when blank). */
export function pageParams(arg: PageArg) {
  return { page_number: arg.page, page_size: arg.pageSize, search: arg.search?.trim() || undefined };
}

/** Pickers (type selects, caretakers) ask for one big page and never touch the list stores. */
export const OPTIONS_PAGE = { page: 1, pageSize: 200 } as const;

/**
 * Projects and users come from the Role Manager API, which needs roleManager.view. A 403 there means
 * "this member may not list them", not "signed out", so it must not end the session.
 */
export const OWN_403: FerriteExtraOptions = { skipForbiddenRedirect: true };

/** The app's API with its cache tags added. */
export const entityManagerApi = api.enhanceEndpoints({
  addTagTypes: ['EmTypes', 'EmEntities', 'EmEntity', 'EmHierarchy', 'EmProjects'],
});

/** The response of a finished mutation, or null when it failed (the view reports the failure). */
export async function dataOf<T>(pending: Promise<{ data: T }>): Promise<T | null> {
  return pending.then(
    (result) => result.data,
    () => null,
  );
}
