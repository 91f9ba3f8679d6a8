/** SQL for command widgets and the gateways they can actuate; every method is scoped to one organization. */
import type { CommandWidgetSettings } from '@ferrite/contracts';
import { Repository } from '../../../platform/db/repository';
import type { StoredLayout } from '../panels/repository';

/** What a command widget row stores. */
export interface CommandWidgetValues {
  kind: string;
  title: string;
  subpanelId: string | null;
  gatewayId: string;
  commandName: string;
  valueTemplate: unknown;
  confirmationText: string;
  settings: CommandWidgetSettings;
  layout: StoredLayout;
}

/** Data access for command widgets. */
export class CommandWidgetRepository extends Repository {
  private select(orgId: string) {
    return this.db
      .selectFrom('dashboard_command_widgets as c')
      .leftJoin('gateways as g', (join) =>
        join.onRef('g.id', '=', 'c.gateway_id').onRef('g.org_id', '=', 'c.org_id'),
      )
      .select([
        'c.id',
        'c.org_id',
        'c.dashboard_id',
        'c.panel_id',
        'c.subpanel_id',
        'c.kind',
        'c.title',
        'c.gateway_id',
        'g.name as gateway_name',
        'c.command_name',
        'c.value_template',
        'c.confirmation_text',
        'c.settings',
        'c.layout',
        'c.created_at',
        'c.updated_at',
      ])
      .where('c.org_id', '=', orgId);
  }

  /** The command widgets of these panels, oldest first. */
  ofPanels(orgId: string, panelIds: readonly string[]) {
    if (panelIds.length === 0) return Promise.resolve([]);
    return this.select(orgId)
      .where('c.panel_id', 'in', panelIds)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }

  /** One command widget of the organization. */
  findById(orgId: string, id: string) {
    return this.select(orgId).where('c.id', '=', id).executeTakeFirst();
  }

  /** These command widgets of the organization (unknown ids left out). */
  findMany(orgId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(orgId).where('c.id', 'in', ids).orderBy('c.created_at').orderBy('c.id').execute();
  }

  /** A gateway of the organization, to actuate. */
  findGateway(orgId: string, id: string) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'org_id', 'name', 'protocol', 'topic', 'archived_at'])
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** One page of the organization's active gateways by name, with their project. */
  gateways(orgId: string, filter: { pattern: string | null; limit: number; offset: number }) {
    let query = this.db
      .selectFrom('gateways as g')
      .innerJoin('projects as p', 'p.id', 'g.project_id')
      .select([
        'g.id',
        'g.name',
        'g.type',
        'g.protocol',
        'g.last_seen_at',
        'g.heartbeat_timeout_s',
        'p.id as project_id',
        'p.name as project_name',
      ])
      .where('g.org_id', '=', orgId)
      .where('g.archived_at', 'is', null);
    if (filter.pattern) query = query.where('g.name', 'ilike', filter.pattern);
    return query.orderBy('g.name').orderBy('g.id').limit(filter.limit).offset(filter.offset).execute();
  }

  /** How many active gateways match. */
  async countGateways(orgId: string, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('gateways')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('archived_at', 'is', null);
    if (pattern) query = query.where('name', 'ilike', pattern);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Creates a command widget; answers its id. */
  async insert(
    orgId: string,
    place: { dashboardId: string; panelId: string; createdBy: string | null },
    values: CommandWidgetValues,
  ): Promise<string> {
    const row = await this.db
      .insertInto('dashboard_command_widgets')
      .values({
        org_id: orgId,
        dashboard_id: place.dashboardId,
        panel_id: place.panelId,
        created_by: place.createdBy,
        ...columns(values),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a command widget's fields. */
  async update(orgId: string, id: string, values: CommandWidgetValues): Promise<void> {
    await this.db
      .updateTable('dashboard_command_widgets')
      .set({ ...columns(values), updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** Deletes a command widget. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db
      .deleteFrom('dashboard_command_widgets')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }
}

function columns(values: CommandWidgetValues) {
  return {
    subpanel_id: values.subpanelId,
    kind: values.kind,
    title: values.title,
    gateway_id: values.gatewayId,
    command_name: values.commandName,
    value_template: JSON.stringify(values.valueTemplate ?? null),
    confirmation_text: values.confirmationText,
    settings: JSON.stringify(values.settings),
    layout: JSON.stringify(values.layout),
  };
}

export type CommandWidgetRow = NonNullable<Awaited<ReturnType<CommandWidgetRepository['findById']>>>;
