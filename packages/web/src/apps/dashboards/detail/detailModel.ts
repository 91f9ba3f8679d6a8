/** Small rules of the detail page, kept apart so tests can reach them without rendering. */
import type { PanelDetail } from '@ferrite/contracts';
import { plural } from '../../../ui/plural';
import { bottomRow } from '../../../widgets';

export type { DashboardChangedEvent, Panel, PanelDetail } from '@ferrite/contracts';

/** The first free row of a panel's own grid (subpanels' insides do not count). */
export function bottomRowOf(
  panel: Pick<PanelDetail, 'subpanels' | 'widget_instances' | 'command_widgets'>,
): number {
  return bottomRow([
    ...panel.subpanels.map((s) => s.layout),
    ...panel.widget_instances.filter((w) => !w.subpanel_id).map((w) => w.layout),
    ...panel.command_widgets.filter((w) => !w.subpanel_id).map((w) => w.layout),
  ]);
}

/** The header's line under the name when the dashboard has no description. */
export function dashboardSummary(
  themeName: string,
  dashboard: { widget_count: number; panel_count: number },
): string {
  return `${themeName} theme · ${plural(dashboard.widget_count, 'widget')} on ${plural(dashboard.panel_count, 'panel')}`;
}
