/**
 * What every Dashboards call shares: argument shapes, URL builders and cache tags (the paging params and
 * helpers every app shares are in app/apiKit.ts).
 */
import { api } from '../../../app/api';
import type { OrgArg } from '../../../app/apiKit';

/** Calls about one dashboard. */
export interface DashboardArg extends OrgArg {
  dashboardId: string;
}
/** Calls about one panel of a dashboard. */
export interface PanelArg extends DashboardArg {
  panelId: string;
}

/** /dash_mgmt/orgs/{orgId}, the prefix of every Dashboards call (spec §7). */
export const dashBase = (orgId: string) => `/dash_mgmt/orgs/${orgId}`;
/** …/dashboards/{dashboardId}{rest}. */
export const dashboardUrl = ({ orgId, dashboardId }: DashboardArg, rest = '') =>
  `${dashBase(orgId)}/dashboards/${dashboardId}${rest}`;
/** …/dashboards/{dashboardId}/panels/{panelId}{rest}. */
export const panelUrl = (arg: PanelArg, rest = '') => dashboardUrl(arg, `/panels/${arg.panelId}${rest}`);

/** Tag of one dashboard's detail (its panels and links). */
export const dashboardTag = (id: string) => ({ type: 'Dashboard' as const, id });
/** Tag of one panel's contents. */
export const panelTag = (id: string) => ({ type: 'DashPanel' as const, id });

/** The app's API with its cache tags added. */
export const dashApi = api.enhanceEndpoints({
  addTagTypes: ['Dashboards', 'Dashboard', 'DashPanel', 'DashShares', 'DashCredentials', 'DashGateways'],
});
