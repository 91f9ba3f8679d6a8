/** Reading a panel with everything in it, and a dashboard's whole tree. */
import type { DashboardHierarchy, PanelDetail } from '@ferrite/contracts';
import type { Repository } from '../../../platform/db/repository';
import { presentCommandWidget } from '../commandWidgets/presenter';
import { CommandWidgetRepository } from '../commandWidgets/repository';
import { presentDashboard } from '../dashboards/presenter';
import type { DashboardRow } from '../dashboards/repository';
import { presentWidget } from '../widgets/presenter';
import { WidgetRepository } from '../widgets/repository';
import { presentPanel, presentSubpanel } from './presenter';
import { PanelRepository, type PanelRow } from './repository';

/** The panels with their subpanels, widget instances and command widgets, in the panels' order. */
export async function panelDetails(
  on: Repository,
  orgId: string,
  panels: readonly PanelRow[],
): Promise<PanelDetail[]> {
  const ids = panels.map((panel) => panel.id);
  const [subpanels, widgets, commands] = await Promise.all([
    on.sibling(PanelRepository).subpanelsOf(orgId, ids),
    on.sibling(WidgetRepository).ofPanels(orgId, ids),
    on.sibling(CommandWidgetRepository).ofPanels(orgId, ids),
  ]);
  return panels.map((panel) => ({
    ...presentPanel(panel),
    subpanels: subpanels.filter((row) => row.panel_id === panel.id).map(presentSubpanel),
    widget_instances: widgets.filter((row) => row.panel_id === panel.id).map(presentWidget),
    command_widgets: commands.filter((row) => row.panel_id === panel.id).map(presentCommandWidget),
  }));
}

/** One panel with everything in it. */
export async function panelDetail(on: Repository, orgId: string, panel: PanelRow): Promise<PanelDetail> {
  const [detail] = await panelDetails(on, orgId, [panel]);
  if (!detail) throw new Error('panelDetails answered nothing for one panel');
  return detail;
}

/** The dashboard → panels → subpanels tree with the widgets of each. */
export async function dashboardHierarchy(
  on: Repository,
  orgId: string,
  dashboard: DashboardRow,
): Promise<DashboardHierarchy> {
  const panels = await panelDetails(
    on,
    orgId,
    await on.sibling(PanelRepository).panelsOf(orgId, dashboard.id),
  );
  const presented = presentDashboard(dashboard);
  return {
    dashboard: { id: presented.id, name: presented.name, theme: presented.theme, layout: presented.layout },
    panels: panels.map((panel) => ({
      ...panel,
      widget_instances: panel.widget_instances.map((w) => ({
        id: w.id,
        title: w.title,
        subpanel_id: w.subpanel_id,
        widget_id: w.widget_id,
      })),
      command_widgets: panel.command_widgets.map((c) => ({
        id: c.id,
        title: c.title,
        subpanel_id: c.subpanel_id,
        kind: c.kind,
      })),
    })),
  };
}
