/** Dashboard use cases: the tabs, recent ones, read (noted as opened), create, replace, delete. */
import {
  type Dashboard,
  type DashboardChangedEvent,
  type DashboardDetail,
  type dashboardBodySchema,
  RECENT_DASHBOARDS_LIMIT,
  SOCKET_EVENTS,
  socketRoomName,
  type TabCounts,
} from '@ferrite/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../../platform/db/repository';
import { iso } from '../../../platform/isoTime';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { mustFindDashboard } from '../load';
import { presentPanel } from '../panels/presenter';
import { PanelRepository } from '../panels/repository';
import {
  type Actor,
  activityBase,
  announceChange,
  announceShareEnded,
  type DB,
  pageWindow,
  searchPattern,
} from '../shared';
import { ExportRepository } from '../sharing/exportRepository';
import { presentExport } from '../sharing/presenter';
import { presentDashboard } from './presenter';
import { DashboardRepository, type DashboardRow, type DashboardValues } from './repository';

export type DashboardInput = z.output<typeof dashboardBodySchema>;

/** The list query after validation. */
export interface DashboardListQuery {
  is_archived: boolean;
  shared: boolean;
  search?: string | undefined;
  page_number: number;
  page_size: number;
}

function values(body: DashboardInput): DashboardValues {
  return {
    name: body.name,
    description: body.description,
    theme: body.theme,
    layout: body.layout,
    archived: body.is_archived,
  };
}

/** A dashboard with its panels, its links and how many people it is shared with. */
export async function dashboardDetail(db: DB, orgId: string, row: DashboardRow): Promise<DashboardDetail> {
  const [panels, exports, shares] = await Promise.all([
    new PanelRepository(db).panelsOf(orgId, row.id),
    new ExportRepository(db).ofDashboard(orgId, row.id),
    db
      .selectFrom('dashboard_shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', row.id)
      .executeTakeFirstOrThrow(),
  ]);
  const now = Date.now();
  return {
    ...presentDashboard(row),
    panels: panels.map(presentPanel),
    exports: exports.map((link) => presentExport(link, now)),
    shared_with: Number(shares.n),
  };
}

/** The organization's dashboards. */
export class DashboardService {
  private readonly repo: DashboardRepository;

  constructor(
    private readonly db: DB,
    private readonly realtime: RealtimeHub,
  ) {
    this.repo = new DashboardRepository(db);
  }

  /** One page of a tab (or of the dashboards shared with the caller), its total and both tab counts. */
  async list(
    caller: Actor,
    query: DashboardListQuery,
  ): Promise<{ dashboards: Dashboard[]; total_entries: number; counts: TabCounts }> {
    const filter = {
      archived: query.is_archived,
      sharedWith: query.shared ? caller.userId : null,
      pattern: searchPattern(query.search),
    };
    const [rows, total, counts] = await Promise.all([
      this.repo.list(caller.orgId, { ...filter, ...pageWindow(query) }),
      this.repo.count(caller.orgId, filter),
      this.repo.tabCounts(caller.orgId, filter.sharedWith),
    ]);
    return { dashboards: rows.map(presentDashboard), total_entries: total, counts };
  }

  /** The caller's recently opened active dashboards, newest first. */
  async recent(caller: Actor) {
    const rows = await this.repo.recent(caller.orgId, caller.userId, RECENT_DASHBOARDS_LIMIT);
    return { dashboards: rows.map((row) => ({ ...presentDashboard(row), opened_at: iso(row.opened_at) })) };
  }

  /** Opens a dashboard: its detail, and the caller's recent list remembers it. */
  async open(caller: Actor, id: string): Promise<DashboardDetail> {
    const row = await mustFindDashboard(this.db, caller.orgId, id);
    await this.repo.recordOpen(caller.orgId, caller.userId, id);
    return dashboardDetail(this.db, caller.orgId, row);
  }

  /** Creates a dashboard; the caller is its creator. */
  async create(actor: Actor, body: DashboardInput): Promise<DashboardDetail> {
    return inTransaction(this.db, async (trx) => {
      const repo = new DashboardRepository(trx);
      const id = await repo.insert(actor.orgId, actor.userId, values(body));
      const after = await dashboardDetail(trx, actor.orgId, await mustFindDashboard(trx, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard', id),
        action: 'created',
        summary: `Created dashboard "${after.name}"`,
        after: presentDashboardSummary(after),
      });
      return after;
    });
  }

  /** Replaces a dashboard's fields; `is_archived` moves it between the tabs. */
  async update(actor: Actor, id: string, body: DashboardInput): Promise<DashboardDetail> {
    const after = await inTransaction(this.db, async (trx) => {
      const repo = new DashboardRepository(trx);
      const before = presentDashboard(await mustFindDashboard(trx, actor.orgId, id));
      await repo.update(actor.orgId, id, values(body));
      const detail = await dashboardDetail(trx, actor.orgId, await mustFindDashboard(trx, actor.orgId, id));
      const verb =
        before.is_archived === body.is_archived ? 'updated' : body.is_archived ? 'archived' : 'unarchived';
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard', id),
        action: verb,
        summary: `${verb[0]?.toUpperCase()}${verb.slice(1)} dashboard "${detail.name}"`,
        before,
        after: presentDashboardSummary(detail),
      });
      return detail;
    });
    await announceChange(this.db, this.realtime, actor.orgId, {
      dashboard_id: id,
      entity: 'dashboard',
      id,
      action: 'updated',
    });
    return after;
  }

  /** Deletes a dashboard with its panels, widgets and links; the links' viewers are told. */
  async delete(actor: Actor, id: string): Promise<void> {
    const links = await inTransaction(this.db, async (trx) => {
      const repo = new DashboardRepository(trx);
      const before = presentDashboard(await mustFindDashboard(trx, actor.orgId, id));
      const exports = await new ExportRepository(trx).ofDashboard(actor.orgId, id);
      await repo.delete(actor.orgId, id);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard', id),
        action: 'deleted',
        summary: `Deleted dashboard "${before.name}"`,
        before,
      });
      return exports.map((link) => link.id);
    });
    for (const uuid of links) announceShareEnded(this.realtime, { uuid, reason: 'deleted' });
    const event: DashboardChangedEvent = { dashboard_id: id, entity: 'dashboard', id, action: 'deleted' };
    this.realtime.emit(
      socketRoomName({ kind: 'dashboard', orgId: actor.orgId, dashboardId: id }),
      SOCKET_EVENTS.dashboardChanged,
      event,
    );
  }
}

/** The dashboard fields an activity entry keeps (not its panels or links). */
function presentDashboardSummary(detail: DashboardDetail): Dashboard {
  const { panels: _panels, exports: _exports, shared_with: _shared, ...dashboard } = detail;
  return dashboard;
}
