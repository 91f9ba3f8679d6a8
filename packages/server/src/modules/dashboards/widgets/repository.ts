/** SQL for widget instances; every method is scoped to one organization. */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { StoredLayout } from '../panels/repository';

/**
 * A widget row's version: its xmin, which every update of the row changes, whoever makes it. A
 * remembered widget is trusted only while its row still has the version read with it (widgetCache.ts).
 */
export const WIDGET_ROW_VERSION = sql<string>`xmin::text`;

/** What a widget instance row stores. */
export interface WidgetValues {
  widgetId: string;
  subpanelId: string | null;
  config: Record<string, unknown>;
  bindings: { sensor_id: string; param_key: string }[];
  layout: StoredLayout;
}

/** Data access for widget instances. */
export class WidgetRepository extends Repository {
  private select(orgId: string) {
    return this.db
      .selectFrom('dashboard_widgets')
      .select([
        'id',
        'org_id',
        'dashboard_id',
        'panel_id',
        'subpanel_id',
        'widget_id',
        'config',
        'bindings',
        'layout',
        'created_at',
        'updated_at',
        WIDGET_ROW_VERSION.as('version'),
      ])
      .where('org_id', '=', orgId);
  }

  /** The widgets of these panels, oldest first; of one variant when widgetId is set. */
  ofPanels(orgId: string, panelIds: readonly string[], widgetId?: string) {
    if (panelIds.length === 0) return Promise.resolve([]);
    let query = this.select(orgId).where('panel_id', 'in', panelIds);
    if (widgetId) query = query.where('widget_id', '=', widgetId);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  /** One widget instance of the organization. */
  findById(orgId: string, id: string) {
    return this.select(orgId).where('id', '=', id).executeTakeFirst();
  }

  /** These widget instances of the organization (unknown ids left out). */
  findMany(orgId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(orgId).where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
  }

  /** Whether any widget of the dashboard reads the sensor. */
  async dashboardReadsSensor(orgId: string, dashboardId: string, sensorId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dashboard_widgets')
      .select('id')
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .where(sql<boolean>`bindings @> ${JSON.stringify([{ sensor_id: sensorId }])}::jsonb`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The organization's sensors among these ids, with their names and types (checking a widget's series). */
  sensors(orgId: string, ids: readonly string[]) {
    return this.db
      .selectFrom('entities')
      .select(['id', 'name', 'type_id'])
      .where('org_id', '=', orgId)
      .where('kind', '=', 'sensor')
      .where('id', 'in', ids)
      .execute();
  }

  /** Creates a widget instance; answers its id. */
  async insert(
    orgId: string,
    place: { dashboardId: string; panelId: string; createdBy: string | null },
    values: WidgetValues,
  ): Promise<string> {
    const row = await this.db
      .insertInto('dashboard_widgets')
      .values({
        org_id: orgId,
        dashboard_id: place.dashboardId,
        panel_id: place.panelId,
        subpanel_id: values.subpanelId,
        widget_id: values.widgetId,
        config: JSON.stringify(values.config),
        bindings: JSON.stringify(values.bindings),
        layout: JSON.stringify(values.layout),
        created_by: place.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a widget instance's variant, config, bindings, subpanel and position. */
  async update(orgId: string, id: string, values: WidgetValues): Promise<void> {
    await this.db
      .updateTable('dashboard_widgets')
      .set({
        widget_id: values.widgetId,
        subpanel_id: values.subpanelId,
        config: JSON.stringify(values.config),
        bindings: JSON.stringify(values.bindings),
        layout: JSON.stringify(values.layout),
        updated_at: new Date(),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** Deletes a widget instance. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('dashboard_widgets').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}

export type WidgetRow = NonNullable<Awaited<ReturnType<WidgetRepository['findById']>>>;
