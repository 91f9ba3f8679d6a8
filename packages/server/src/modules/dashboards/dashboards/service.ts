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
import type { Repository } from '../../../platform/db/repository';
import { type ArchiveListQuery, archiveList, pageOfParts } from '../../../platform/http/archiveList';
import { iso } from '../../../platform/isoTime';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { mustFindDashboard } from '../load';
import { presentPanel } from '../panels/presenter';
import { PanelRepository } from '../panels/repository';
import { type Actor, activityBase, announceChange, announceShareEnded } from '../shared';
import { ExportRepository } from '../sharing/exportRepository';
import { presentExport } from '../sharing/presenter';
import { DashboardShareRepository } from '../sharing/shareRepository';
import { presentDashboard } from './presenter';
import type { DashboardRepository, DashboardRow, DashboardValues } from './repository';

export type DashboardInput = z.output<typeof dashboardBodySchema>;

/** The list query after validation: an Active/Archived list, or the one shared with the caller. */
export type DashboardListQuery = ArchiveListQuery & { shared: boolean };

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
export async function dashboardDetail(
  on: Repository,
  orgId: string,
  row: DashboardRow,
): Promise<DashboardDetail> {
  const [panels, exports, sharedWith] = await Promise.all([
    on.sibling(PanelRepository).panelsOf(orgId, row.id),
    on.sibling(ExportRepository).ofDashboard(orgId, row.id),
    on.sibling(DashboardShareRepository).countOf(orgId, row.id),
  ]);
  const now = Date.now();
  return {
    ...presentDashboard(row),
    panels: panels.map(presentPanel),
    exports: exports.map((link) => presentExport(link, now)),
    shared_with: sharedWith,
  };
}

/** The organization's dashboards. */
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  /** One page of a tab (or of the dashboards shared with the caller), its total and both tab counts. */
  list(
    caller: Actor,
    query: DashboardListQuery,
  ): Promise<{ dashboards: Dashboard[]; total_entries: number; counts: TabCounts }> {
    const sharedWith = query.shared ? caller.userId : null;
    return archiveList(
      'dashboards',
      query,
      (tab) =>
        pageOfParts(
          this.repo.list(caller.orgId, { ...tab, sharedWith }),
          this.repo.count(caller.orgId, { ...tab, sharedWith }),
          this.repo.tabCounts(caller.orgId, sharedWith),
        ),
      (rows) => rows.map(presentDashboard),
    );
  }

  /** The caller's recently opened active dashboards, newest first. */
  async recent(caller: Actor) {
    const rows = await this.repo.recent(caller.orgId, caller.userId, RECENT_DASHBOARDS_LIMIT);
    return { dashboards: rows.map((row) => ({ ...presentDashboard(row), opened_at: iso(row.opened_at) })) };
  }

  /** Opens a dashboard: its detail, and the caller's recent list remembers it. */
  async open(caller: Actor, id: string): Promise<DashboardDetail> {
    const row = await mustFindDashboard(this.repo, caller.orgId, id);
    await this.repo.recordOpen(caller.orgId, caller.userId, id);
    return dashboardDetail(this.repo, caller.orgId, row);
  }

  /** Creates a dashboard; the caller is its creator. */
  async create(actor: Actor, body: DashboardInput): Promise<DashboardDetail> {
    return this.repo.transaction(async (repo) => {
      const id = await repo.insert(actor.orgId, actor.userId, values(body));
      const after = await dashboardDetail(repo, actor.orgId, await mustFindDashboard(repo, actor.orgId, id));
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
    const after = await this.repo.transaction(async (repo) => {
      const before = presentDashboard(await mustFindDashboard(repo, actor.orgId, id));
      await repo.update(actor.orgId, id, values(body));
      const detail = await dashboardDetail(repo, actor.orgId, await mustFindDashboard(repo, actor.orgId, id));
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
    await announceChange(this.repo, this.realtime, actor.orgId, {
      dashboard_id: id,
      entity: 'dashboard',
      id,
      action: 'updated',
    });
    return after;
  }

  /** Deletes a dashboard with its panels, widgets and links; the links' viewers are told. */
  async delete(actor: Actor, id: string): Promise<void> {
    const links = await this.repo.transaction(async (repo) => {
      const before = presentDashboard(await mustFindDashboard(repo, actor.orgId, id));
      const exports = await repo.sibling(ExportRepository).ofDashboard(actor.orgId, id);
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
