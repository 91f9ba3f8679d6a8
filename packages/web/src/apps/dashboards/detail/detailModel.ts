/** Small rules of the detail page, kept apart so tests can reach them without rendering. */
import type { PanelDetail } from '@ferrite/contracts';
import { bottomRow } from '../canvas/gridMath';

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

/** "1 widget" / "3 widgets": a count with its noun in the right number. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The header's line under the name when the dashboard has no description. */
export function dashboardSummary(
  themeName: string,
  dashboard: { widget_count: number; panel_count: number },
): string {
  return `${themeName} theme · ${countOf(dashboard.widget_count, 'widget')} on ${countOf(dashboard.panel_count, 'panel')}`;
}
