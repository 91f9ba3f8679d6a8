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
