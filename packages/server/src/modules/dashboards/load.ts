/**
 * Finding what a path names, inside the caller's organization: 404 when it is not there. Each takes the
 * repository at hand and reads on its connection (the transaction's, when it is bound to one).
 */
import type { Repository } from '../../platform/db/repository';
import { DashboardRepository, type DashboardRow } from './dashboards/repository';
import { PanelRepository, type PanelRow, type SubpanelRow } from './panels/repository';
import { problems } from './shared';

/** The dashboard of the organization, or 404. */
export async function mustFindDashboard(on: Repository, orgId: string, id: string): Promise<DashboardRow> {
  const row = await on.sibling(DashboardRepository).findById(orgId, id);
  if (!row) throw problems.notFound('Dashboard');
  return row;
}

/** The panel of the organization (of this dashboard when one is named), or 404. */
export async function mustFindPanel(
  on: Repository,
  orgId: string,
  id: string,
  dashboardId?: string,
): Promise<PanelRow> {
  const row = await on.sibling(PanelRepository).findPanel(orgId, id);
  if (!row || (dashboardId !== undefined && row.dashboard_id !== dashboardId))
    throw problems.notFound('Panel');
  return row;
}

/** The subpanel of this panel, or 404. */
export async function mustFindSubpanel(
  on: Repository,
  orgId: string,
  panelId: string,
  id: string,
): Promise<SubpanelRow> {
  const row = await on.sibling(PanelRepository).findSubpanel(orgId, id);
  if (!row || row.panel_id !== panelId) throw problems.notFound('Subpanel');
  return row;
}
