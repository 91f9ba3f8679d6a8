/** What every Role Manager endpoint shares: the tag types, the URL prefix, paging params and argument shapes. */
import { api } from '../../app/api';
import type { ArchiveTab } from './state/lists';

/** Every call names the signed-in organization. */
export interface OrgArg {
  orgId: string;
}
/** One page of a list, with optional search text. */
export interface PageArg extends OrgArg {
  page: number;
  pageSize: number;
  search?: string;
}
/** One page of an Active/Archived list. */
export interface TabPageArg extends PageArg {
  tab: ArchiveTab;
}
/** One item of an organization. */
export interface ItemArg extends OrgArg {
  id: string;
}
/** One item and the tab it is shown in (removals adjust that tab's total). */
export interface TabItemArg extends ItemArg {
  tab: ArchiveTab;
}

/** /role_mgmt/orgs/{orgId}, the prefix of every Role Manager call. */
export const base = (orgId: string) => `/role_mgmt/orgs/${orgId}`;

/** page_number, page_size and search (dropped when blank), plus any extra params. */
export function pageParams(arg: PageArg, extra: Record<string, string | undefined> = {}) {
  return {
    page_number: arg.page,
    page_size: arg.pageSize,
    search: arg.search?.trim() || undefined,
    ...extra,
  };
}

/** pageParams with the Active/Archived flag. */
export const tabParams = (arg: TabPageArg) =>
  pageParams(arg, { is_archived: String(arg.tab === 'archived') });

/** Pickers ask for one big page of active items; they never touch the list stores. */
export const OPTIONS_PAGE = { page_number: 1, page_size: 200 };

type RmTag = 'RmUsers' | 'RmInvitations' | 'RmGroups' | 'RmRoles' | 'RmProjects';

/** The app's API with its cache tags added. */
export const roleManagerApi = api.enhanceEndpoints({
  addTagTypes: ['RmUsers', 'RmInvitations', 'RmGroups', 'RmRoles', 'RmProjects', 'RmActivity'],
});

/** After a write: the lists that must fetch again, and always the audit log. */
export const touched = (...tags: RmTag[]) => [...tags, 'RmActivity' as const];

/** The response of a finished mutation, or null when it failed (the view reports the failure). */
export async function dataOf<T>(pending: Promise<{ data: T }>): Promise<T | null> {
  return pending.then(
    (result) => result.data,
    () => null,
  );
}

/** True when a mutation without a body (DELETE) succeeded. */
export async function succeeded(pending: Promise<unknown>): Promise<boolean> {
  return pending.then(
    () => true,
    () => false,
  );
}
