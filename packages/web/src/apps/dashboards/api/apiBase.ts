/** What every Dashboards call shares: argument shapes, URL builders, cache tags and paging params. */
import { api } from '../../../app/api';
import type { FerriteExtraOptions } from '../../../app/baseQuery';

/** Every call names the signed-in organization. */
export interface OrgArg {
  orgId: string;
}
/** Calls about one dashboard. */
export interface DashboardArg extends OrgArg {
  dashboardId: string;
}
/** Calls about one panel of a dashboard. */
export interface PanelArg extends DashboardArg {
  panelId: string;
}
/** One page of a list, with optional search text. */
export interface PageArg {
  page: number;
  pageSize: number;
  search?: string;
}

/** /dash_mgmt/orgs/{orgId}, the prefix of every Dashboards call (spec §7). */
export const dashBase = (orgId: string) => `/dash_mgmt/orgs/${orgId}`;
/** …/dashboards/{dashboardId}{rest}. */
export const dashboardUrl = ({ orgId, dashboardId }: DashboardArg, rest = '') =>
  `${dashBase(orgId)}/dashboards/${dashboardId}${rest}`;
/** …/dashboards/{dashboardId}/panels/{panelId}{rest}. */
export const panelUrl = (arg: PanelArg, rest = '') => dashboardUrl(arg, `/panels/${arg.panelId}${rest}`);

/** page_number, page_size and search (dropped when blank). */
export function pageParams(arg: PageArg) {
  return { page_number: arg.page, page_size: arg.pageSize, search: arg.search?.trim() || undefined };
}

/**
 * The binding pickers read projects and sensors from the Entity Manager API; a member without it gets
 * 403 there, which means "may not list them", not "signed out".
 */
export const OWN_403: FerriteExtraOptions = { skipForbiddenRedirect: true };

/** Tag of one dashboard's detail (its panels and links). */
export const dashboardTag = (id: string) => ({ type: 'Dashboard' as const, id });
/** Tag of one panel's contents. */
export const panelTag = (id: string) => ({ type: 'DashPanel' as const, id });

/** The app's API with its cache tags added. */
export const dashApi = api.enhanceEndpoints({
  addTagTypes: ['Dashboards', 'Dashboard', 'DashPanel', 'DashShares', 'DashCredentials', 'DashGateways'],
});
