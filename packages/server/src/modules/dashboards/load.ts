/** Finding what a path names, inside the caller's organization: 404 when it is not there. */
import { DashboardRepository, type DashboardRow } from './dashboards/repository';
import { PanelRepository, type PanelRow, type SubpanelRow } from './panels/repository';
import { type DB, problems } from './shared';

/** The dashboard of the organization, or 404. */
export async function mustFindDashboard(db: DB, orgId: string, id: string): Promise<DashboardRow> {
  const row = await new DashboardRepository(db).findById(orgId, id);
  if (!row) throw problems.notFound('Dashboard');
  return row;
}

/** The panel of the organization (of this dashboard when one is named), or 404. */
export async function mustFindPanel(
  db: DB,
  orgId: string,
  id: string,
  dashboardId?: string,
): Promise<PanelRow> {
  const row = await new PanelRepository(db).findPanel(orgId, id);
  if (!row || (dashboardId !== undefined && row.dashboard_id !== dashboardId))
    throw problems.notFound('Panel');
  return row;
}

/** The subpanel of this panel, or 404. */
export async function mustFindSubpanel(
  db: DB,
  orgId: string,
  panelId: string,
  id: string,
): Promise<SubpanelRow> {
  const row = await new PanelRepository(db).findSubpanel(orgId, id);
  if (!row || row.panel_id !== panelId) throw problems.notFound('Subpanel');
  return row;
}
