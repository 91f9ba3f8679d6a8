/** SQL for panels and subpanels and for the grid positions of everything in a panel; scoped to one organization. */

import { Repository } from '../../../platform/db/repository';

/** A grid position as stored (the id is the row's own). */
export interface StoredLayout {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The tables whose rows sit in a panel's grid. */
export type GridTable = 'dashboard_subpanels' | 'dashboard_widgets' | 'dashboard_command_widgets';

/** Data access for panels and subpanels. */
export class PanelRepository extends Repository {
  private panels(orgId: string) {
    return this.db
      .selectFrom('dashboard_panels')
      .select(['id', 'org_id', 'dashboard_id', 'name', 'position', 'created_at', 'updated_at'])
      .where('org_id', '=', orgId);
  }

  /** A dashboard's panels in order. */
  panelsOf(orgId: string, dashboardId: string) {
    return this.panels(orgId)
      .where('dashboard_id', '=', dashboardId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** One panel of the organization, whichever its dashboard. */
  findPanel(orgId: string, id: string) {
    return this.panels(orgId).where('id', '=', id).executeTakeFirst();
  }

  /** These panels of the organization (unknown ids are left out). */
  findPanels(orgId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.panels(orgId).where('id', 'in', ids).orderBy('position').orderBy('created_at').execute();
  }

  /** The position after a dashboard's last panel. */
  async nextPanelPosition(orgId: string, dashboardId: string): Promise<number> {
    const row = await this.db
      .selectFrom('dashboard_panels')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirst();
    return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
  }

  /** Creates a panel; answers its id. */
  async insertPanel(orgId: string, dashboardId: string, name: string, position: number): Promise<string> {
    const row = await this.db
      .insertInto('dashboard_panels')
      .values({ org_id: orgId, dashboard_id: dashboardId, name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Renames and reorders a panel. */
  async updatePanel(orgId: string, id: string, values: { name: string; position: number }): Promise<void> {
    await this.db
      .updateTable('dashboard_panels')
      .set({ name: values.name, position: values.position, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** Deletes a panel and everything in it. */
  async deletePanel(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('dashboard_panels').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  private subpanels(orgId: string) {
    return this.db
      .selectFrom('dashboard_subpanels')
      .select([
        'id',
        'org_id',
        'dashboard_id',
        'panel_id',
        'name',
        'position',
        'layout',
        'created_at',
        'updated_at',
      ])
      .where('org_id', '=', orgId);
  }

  /** The subpanels of these panels in order. */
  subpanelsOf(orgId: string, panelIds: readonly string[]) {
    if (panelIds.length === 0) return Promise.resolve([]);
    return this.subpanels(orgId)
      .where('panel_id', 'in', panelIds)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** One subpanel of the organization. */
  findSubpanel(orgId: string, id: string) {
    return this.subpanels(orgId).where('id', '=', id).executeTakeFirst();
  }

  /** Whether the subpanel is one of this panel's. */
  async hasSubpanel(orgId: string, panelId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dashboard_subpanels')
      .select('id')
      .where('org_id', '=', orgId)
      .where('panel_id', '=', panelId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The position after a panel's last subpanel. */
  async nextSubpanelPosition(orgId: string, panelId: string): Promise<number> {
    const row = await this.db
      .selectFrom('dashboard_subpanels')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('org_id', '=', orgId)
      .where('panel_id', '=', panelId)
      .executeTakeFirst();
    return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
  }

  /** Creates a subpanel; answers its id. */
  async insertSubpanel(values: {
    orgId: string;
    dashboardId: string;
    panelId: string;
    name: string;
    position: number;
    layout: StoredLayout;
  }): Promise<string> {
    const row = await this.db
      .insertInto('dashboard_subpanels')
      .values({
        org_id: values.orgId,
        dashboard_id: values.dashboardId,
        panel_id: values.panelId,
        name: values.name,
        position: values.position,
        layout: JSON.stringify(values.layout),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a subpanel's name, position and grid item. */
  async updateSubpanel(
    orgId: string,
    id: string,
    values: { name: string; position: number; layout: StoredLayout },
  ): Promise<void> {
    await this.db
      .updateTable('dashboard_subpanels')
      .set({
        name: values.name,
        position: values.position,
        layout: JSON.stringify(values.layout),
        updated_at: new Date(),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** Deletes a subpanel and the widgets in it. */
  async deleteSubpanel(orgId: string, id: string): Promise<void> {
    await this.db
      .deleteFrom('dashboard_subpanels')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Which grid table each child id of a panel lives in. */
  async childrenOf(orgId: string, panelId: string): Promise<Map<string, GridTable>> {
    const children = new Map<string, GridTable>();
    for (const table of ['dashboard_subpanels', 'dashboard_widgets', 'dashboard_command_widgets'] as const) {
      const rows = await this.db
        .selectFrom(table)
        .select('id')
        .where('org_id', '=', orgId)
        .where('panel_id', '=', panelId)
        .execute();
      for (const row of rows) children.set(row.id, table);
    }
    return children;
  }

  /** Moves one child of a panel in its grid. */
  async setLayout(table: GridTable, orgId: string, id: string, layout: StoredLayout): Promise<void> {
    await this.db
      .updateTable(table)
      .set({ layout: JSON.stringify(layout) })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }
}

export type PanelRow = NonNullable<Awaited<ReturnType<PanelRepository['findPanel']>>>;
export type SubpanelRow = NonNullable<Awaited<ReturnType<PanelRepository['findSubpanel']>>>;
