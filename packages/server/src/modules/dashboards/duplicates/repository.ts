/**
 * SQL for copying dashboard contents inside one organization: a panel with its subpanels, widgets and
 * command widgets (subpanel links remapped to the copies), or chosen widgets into another panel. Links
 * and e-mail shares are never copied.
 */
import { Repository } from '../../../platform/db/repository';
import type { CommandWidgetRow } from '../commandWidgets/repository';
import type { PanelRow, StoredLayout } from '../panels/repository';
import type { WidgetRow } from '../widgets/repository';

type CopyableWidget = Pick<WidgetRow, 'subpanel_id' | 'widget_id' | 'config' | 'bindings' | 'layout'>;
type CopyableCommandWidget = Pick<
  CommandWidgetRow,
  | 'subpanel_id'
  | 'kind'
  | 'title'
  | 'gateway_id'
  | 'command_name'
  | 'value_template'
  | 'confirmation_text'
  | 'settings'
  | 'layout'
>;

interface Target {
  orgId: string;
  dashboardId: string;
  panelId: string;
  createdBy: string | null;
}

/** Data access for copies of panels and widgets; bind it to the copy's transaction. */
export class CopyRepository extends Repository {
  /** Copies widget rows into the target panel; subpanel ids go through the map (unmapped → none). */
  async copyWidgets(
    target: Target,
    rows: readonly CopyableWidget[],
    subpanels: ReadonlyMap<string, string>,
    place: (layout: StoredLayout) => StoredLayout = (layout) => layout,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('dashboard_widgets')
      .values(
        rows.map((row) => ({
          org_id: target.orgId,
          dashboard_id: target.dashboardId,
          panel_id: target.panelId,
          subpanel_id: row.subpanel_id ? (subpanels.get(row.subpanel_id) ?? null) : null,
          widget_id: row.widget_id,
          config: JSON.stringify(row.config),
          bindings: JSON.stringify(row.bindings),
          layout: JSON.stringify(place(row.layout)),
          created_by: target.createdBy,
        })),
      )
      .execute();
  }

  /** Copies command widget rows into the target panel. */
  async copyCommandWidgets(
    target: Target,
    rows: readonly CopyableCommandWidget[],
    subpanels: ReadonlyMap<string, string>,
    place: (layout: StoredLayout) => StoredLayout = (layout) => layout,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('dashboard_command_widgets')
      .values(
        rows.map((row) => ({
          org_id: target.orgId,
          dashboard_id: target.dashboardId,
          panel_id: target.panelId,
          subpanel_id: row.subpanel_id ? (subpanels.get(row.subpanel_id) ?? null) : null,
          kind: row.kind,
          title: row.title,
          gateway_id: row.gateway_id,
          command_name: row.command_name,
          value_template: JSON.stringify(row.value_template ?? null),
          confirmation_text: row.confirmation_text,
          settings: JSON.stringify(row.settings),
          layout: JSON.stringify(place(row.layout)),
          created_by: target.createdBy,
        })),
      )
      .execute();
  }

  /** Copies a panel with everything in it to the end position given; answers the copy's id. */
  async copyPanel(
    orgId: string,
    panel: PanelRow,
    into: { dashboardId: string; position: number; createdBy: string | null },
  ): Promise<string> {
    const copy = await this.db
      .insertInto('dashboard_panels')
      .values({ org_id: orgId, dashboard_id: into.dashboardId, name: panel.name, position: into.position })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subpanels = await this.db
      .selectFrom('dashboard_subpanels')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('panel_id', '=', panel.id)
      .execute();
    const mapped = new Map<string, string>();
    for (const subpanel of subpanels) {
      const row = await this.db
        .insertInto('dashboard_subpanels')
        .values({
          org_id: orgId,
          dashboard_id: into.dashboardId,
          panel_id: copy.id,
          name: subpanel.name,
          position: subpanel.position,
          layout: JSON.stringify(subpanel.layout),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      mapped.set(subpanel.id, row.id);
    }
    const target = { orgId, dashboardId: into.dashboardId, panelId: copy.id, createdBy: into.createdBy };
    const [widgets, commands] = await Promise.all([
      this.db
        .selectFrom('dashboard_widgets')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('panel_id', '=', panel.id)
        .execute(),
      this.db
        .selectFrom('dashboard_command_widgets')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('panel_id', '=', panel.id)
        .execute(),
    ]);
    await this.copyWidgets(target, widgets, mapped);
    await this.copyCommandWidgets(target, commands, mapped);
    return copy.id;
  }

  /** The first free row below everything in a panel's grid. */
  async bottomOf(orgId: string, panelId: string): Promise<number> {
    let bottom = 0;
    for (const table of ['dashboard_subpanels', 'dashboard_widgets', 'dashboard_command_widgets'] as const) {
      const rows = await this.db
        .selectFrom(table)
        .select('layout')
        .where('org_id', '=', orgId)
        .where('panel_id', '=', panelId)
        .execute();
      for (const row of rows) bottom = Math.max(bottom, row.layout.y + row.layout.h);
    }
    return bottom;
  }
}
