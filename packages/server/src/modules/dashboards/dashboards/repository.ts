/** SQL for dashboards, who opened them and when; every method is scoped to one organization. */
import type { GridSettings, TabCounts } from '@ferrite/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { inArchiveTab, tabCountColumns, tabCountsOf } from '../../../platform/db/archiveTabs';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';

/** What a dashboard row stores. */
export interface DashboardValues {
  name: string;
  description: string;
  theme: string;
  layout: GridSettings;
  archived: boolean;
}

/** Which dashboards a list holds. */
export interface DashboardFilter {
  archived: boolean;
  /** Only dashboards shared with this user (the Shared Dashboards list). */
  sharedWith: string | null;
  pattern: string | null;
}

type DashboardEb = ExpressionBuilder<Database & { d: Database['dashboards'] }, 'd'>;

/** Data access for dashboards. */
export class DashboardRepository extends Repository {
  private select(orgId: string) {
    return this.db
      .selectFrom('dashboards as d')
      .leftJoin('users as u', 'u.id', 'd.created_by')
      .select((eb) => [
        'd.id',
        'd.org_id',
        'd.name',
        'd.description',
        'd.theme',
        'd.layout',
        'd.created_by',
        'd.created_at',
        'd.updated_at',
        'd.archived_at',
        'u.name as creator_name',
        'u.email as creator_email',
        eb
          .selectFrom('dashboard_panels as p')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('p.dashboard_id', '=', 'd.id')
          .as('panel_count'),
        sql<string>`(select count(*) from dashboard_widgets w where w.dashboard_id = d.id)
          + (select count(*) from dashboard_command_widgets c where c.dashboard_id = d.id)`.as(
          'widget_count',
        ),
      ])
      .where('d.org_id', '=', orgId);
  }

  private static filtered(orgId: string, filter: DashboardFilter) {
    return (eb: DashboardEb) => {
      const conditions: Expression<SqlBool>[] = [
        inArchiveTab('d.archived_at', filter.archived),
        ...DashboardRepository.sharedOnly(eb, orgId, filter.sharedWith),
      ];
      if (filter.pattern) {
        conditions.push(
          eb.or([eb('d.name', 'ilike', filter.pattern), eb('d.description', 'ilike', filter.pattern)]),
        );
      }
      return eb.and(conditions);
    };
  }

  /** Only dashboards shared with the user, when one is named (the Shared Dashboards list). */
  private static sharedOnly(eb: DashboardEb, orgId: string, sharedWith: string | null) {
    if (!sharedWith) return [];
    return [
      eb.exists(
        eb
          .selectFrom('dashboard_shares as s')
          .select('s.id')
          .whereRef('s.dashboard_id', '=', 'd.id')
          .where('s.org_id', '=', orgId)
          .where('s.user_id', '=', sharedWith),
      ),
    ];
  }

  /** One page of a tab: active ones last edited first, archived ones last archived first. */
  list(orgId: string, filter: DashboardFilter & { limit: number; offset: number }) {
    const query = this.select(orgId).where(DashboardRepository.filtered(orgId, filter));
    return (filter.archived ? query.orderBy('d.archived_at', 'desc') : query.orderBy('d.updated_at', 'desc'))
      .orderBy('d.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** How many dashboards the tab holds with the filter applied. */
  async count(orgId: string, filter: DashboardFilter): Promise<number> {
    const row = await this.db
      .selectFrom('dashboards as d')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('d.org_id', '=', orgId)
      .where(DashboardRepository.filtered(orgId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Totals of the Active and Archived tabs (of the shared list when sharedWith is set). */
  async tabCounts(orgId: string, sharedWith: string | null): Promise<TabCounts> {
    let query = this.db
      .selectFrom('dashboards as d')
      .select(tabCountColumns('d.archived_at'))
      .where('d.org_id', '=', orgId);
    if (sharedWith)
      query = query.where((eb) => eb.and(DashboardRepository.sharedOnly(eb, orgId, sharedWith)));
    return tabCountsOf(await query.executeTakeFirstOrThrow());
  }

  /** Whether the dashboard is one of the organization's. */
  async exists(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dashboards')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One dashboard of the organization. */
  findById(orgId: string, id: string) {
    return this.select(orgId).where('d.id', '=', id).executeTakeFirst();
  }

  /** The caller's most recently opened dashboards (archived ones left out), newest first. */
  recent(orgId: string, userId: string, limit: number) {
    return this.select(orgId)
      .innerJoin('dashboard_opens as o', (join) =>
        join.onRef('o.dashboard_id', '=', 'd.id').on('o.user_id', '=', userId).on('o.org_id', '=', orgId),
      )
      .select('o.opened_at')
      .where('d.archived_at', 'is', null)
      .orderBy('o.opened_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Notes that the user opened the dashboard now. */
  async recordOpen(orgId: string, userId: string, dashboardId: string): Promise<void> {
    await this.db
      .insertInto('dashboard_opens')
      .values({ org_id: orgId, user_id: userId, dashboard_id: dashboardId, opened_at: new Date() })
      .onConflict((oc) =>
        oc.columns(['org_id', 'user_id', 'dashboard_id']).doUpdateSet({ opened_at: new Date() }),
      )
      .execute();
  }

  /** Creates a dashboard; answers its id. */
  async insert(orgId: string, createdBy: string | null, values: DashboardValues): Promise<string> {
    const row = await this.db
      .insertInto('dashboards')
      .values({
        org_id: orgId,
        name: values.name,
        description: values.description,
        theme: values.theme,
        layout: JSON.stringify(values.layout),
        created_by: createdBy,
        archived_at: values.archived ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces the fields; archiving keeps the first archive time. */
  async update(orgId: string, id: string, values: DashboardValues): Promise<boolean> {
    const row = await this.db
      .updateTable('dashboards')
      .set({
        name: values.name,
        description: values.description,
        theme: values.theme,
        layout: JSON.stringify(values.layout),
        updated_at: new Date(),
        archived_at: values.archived ? sql`coalesce(archived_at, now())` : null,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks the dashboard edited now (a panel or widget changed). */
  async touch(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('dashboards')
      .set({ updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** Deletes a dashboard and everything in it. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('dashboards').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}

export type DashboardRow = NonNullable<Awaited<ReturnType<DashboardRepository['findById']>>>;
