/**
 * What every Role Manager call shares: argument shapes, the URL prefix, the Active/Archived params and
 * cache tags (the paging params and helpers every app shares are in app/apiKit.ts).
 */
import { api } from '../../../app/api';
import { type OrgArg, type PageArg, pageParams } from '../../../app/apiKit';
import type { ArchiveTab } from '../state/archivable';

/** One page of a list of the organization. */
export interface OrgPageArg extends OrgArg, PageArg {}
/** One page of an Active/Archived list. */
export interface TabPageArg extends OrgPageArg {
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
