/** Duplicating dashboards, panels and widgets inside one organization; every copy is logged and announced. */
import type {
  copyPanelsBodySchema,
  DashboardDetail,
  duplicateWidgetsBodySchema,
  FieldError,
  Panel,
  PanelDetail,
} from '@ferrite/contracts';
import type { z } from 'zod';
import { assertUsable } from '../../../platform/http/problem';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { CommandWidgetRepository } from '../commandWidgets/repository';
import { presentDashboard } from '../dashboards/presenter';
import { DashboardRepository } from '../dashboards/repository';
import { dashboardDetail } from '../dashboards/service';
import { mustFindDashboard, mustFindPanel } from '../load';
import { panelDetail } from '../panels/detail';
import { presentPanel } from '../panels/presenter';
import { PanelRepository, type StoredLayout } from '../panels/repository';
import { type Actor, activityBase, announceChange } from '../shared';
import { WidgetRepository } from '../widgets/repository';
import type { CopyRepository } from './repository';

export type CopyPanelsInput = z.output<typeof copyPanelsBodySchema>;
export type DuplicateWidgetsInput = z.output<typeof duplicateWidgetsBodySchema>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Copies of dashboards and of their parts. */
export class DuplicateService {
  constructor(
    private readonly repo: CopyRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  /** A copy of the whole dashboard (not its links or shares), active, named "<name> (copy)" by default. */
  duplicateDashboard(actor: Actor, dashboardId: string, name: string | undefined): Promise<DashboardDetail> {
    return this.repo.transaction(async (copies) => {
      const source = await mustFindDashboard(copies, actor.orgId, dashboardId);
      const presented = presentDashboard(source);
      const repo = copies.sibling(DashboardRepository);
      const copyName = name ?? `${source.name} (copy)`.slice(0, 120);
      const id = await repo.insert(actor.orgId, actor.userId, {
        name: copyName,
        description: presented.description,
        theme: presented.theme,
        layout: presented.layout,
        archived: false,
      });
      for (const panel of await copies.sibling(PanelRepository).panelsOf(actor.orgId, source.id)) {
        await copies.copyPanel(actor.orgId, panel, {
          dashboardId: id,
          position: panel.position,
          createdBy: actor.userId,
        });
      }
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard', id),
        action: 'created',
        summary: `Duplicated dashboard "${source.name}" as "${copyName}"`,
      });
      return dashboardDetail(copies, actor.orgId, await mustFindDashboard(copies, actor.orgId, id));
    });
  }

  /** Copies of chosen panels of a dashboard appended to another (or the same) dashboard. */
  async copyPanels(actor: Actor, dashboardId: string, body: CopyPanelsInput): Promise<{ panels: Panel[] }> {
    const targetId = body.target_dashboard_id;
    const copied = await this.repo.transaction(async (copies) => {
      const source = await mustFindDashboard(copies, actor.orgId, dashboardId);
      const panels = copies.sibling(PanelRepository);
      const target = await copies.sibling(DashboardRepository).findById(actor.orgId, targetId);
      const found = new Map(
        (await panels.findPanels(actor.orgId, body.panel_ids))
          .filter((panel) => panel.dashboard_id === source.id)
          .map((panel) => [panel.id, panel]),
      );
      const errors: FieldError[] = [];
      if (!target) errors.push({ path: 'body.target_dashboard_id', message: 'No dashboard with this id' });
      body.panel_ids.forEach((id, index) => {
        if (!found.has(id))
          errors.push({ path: `body.panel_ids.${index}`, message: 'Not a panel of this dashboard' });
      });
      assertUsable(errors);
      let position = await panels.nextPanelPosition(actor.orgId, targetId);
      const ids: string[] = [];
      for (const id of new Set(body.panel_ids)) {
        const panel = found.get(id);
        if (!panel) continue;
        ids.push(
          await copies.copyPanel(actor.orgId, panel, {
            dashboardId: targetId,
            position,
            createdBy: actor.userId,
          }),
        );
        position += 1;
      }
      await copies.sibling(DashboardRepository).touch(actor.orgId, targetId);
      await panels.recordActivity({
        ...activityBase(actor, 'dashboard', targetId),
        action: 'updated',
        summary: `Copied ${plural(ids.length, 'panel')} of "${source.name}" into "${target?.name}"`,
      });
      return panels.findPanels(actor.orgId, ids);
    });
    for (const panel of copied) {
      await announceChange(this.repo, this.realtime, actor.orgId, {
        dashboard_id: targetId,
        entity: 'panel',
        id: panel.id,
        action: 'created',
      });
    }
    return { panels: copied.map(presentPanel) };
  }

  /**
   * Copies of chosen widgets of a panel into a panel (this one by default), keeping their arrangement
   * below everything the target holds. Subpanel placement is kept only within the same panel.
   */
  async duplicateWidgets(actor: Actor, panelId: string, body: DuplicateWidgetsInput): Promise<PanelDetail> {
    const detail = await this.repo.transaction(async (copies) => {
      const source = await mustFindPanel(copies, actor.orgId, panelId);
      const target = body.target_panel_id
        ? await copies.sibling(PanelRepository).findPanel(actor.orgId, body.target_panel_id)
        : source;
      const widgets = (
        await copies.sibling(WidgetRepository).findMany(actor.orgId, body.widget_instance_ids)
      ).filter((row) => row.panel_id === source.id);
      const commands = (
        await copies.sibling(CommandWidgetRepository).findMany(actor.orgId, body.command_widget_ids)
      ).filter((row) => row.panel_id === source.id);
      const known = new Set([...widgets, ...commands].map((row) => row.id));
      const errors: FieldError[] = [];
      if (!target) errors.push({ path: 'body.target_panel_id', message: 'No panel with this id' });
      body.widget_instance_ids.forEach((id, index) => {
        if (!known.has(id))
          errors.push({ path: `body.widget_instance_ids.${index}`, message: 'Not a widget of this panel' });
      });
      body.command_widget_ids.forEach((id, index) => {
        if (!known.has(id)) {
          errors.push({
            path: `body.command_widget_ids.${index}`,
            message: 'Not a command widget of this panel',
          });
        }
      });
      assertUsable(errors);
      const into = target ?? source;
      const rows = [...widgets, ...commands];
      const offset =
        (await copies.bottomOf(actor.orgId, into.id)) - Math.min(...rows.map((row) => row.layout.y));
      const place = (layout: StoredLayout) => ({ ...layout, y: layout.y + offset });
      const subpanels = new Map<string, string>();
      if (into.id === source.id)
        for (const row of rows) if (row.subpanel_id) subpanels.set(row.subpanel_id, row.subpanel_id);
      const ref = {
        orgId: actor.orgId,
        dashboardId: into.dashboard_id,
        panelId: into.id,
        createdBy: actor.userId,
      };
      await copies.copyWidgets(ref, widgets, subpanels, place);
      await copies.copyCommandWidgets(ref, commands, subpanels, place);
      await copies.sibling(DashboardRepository).touch(actor.orgId, into.dashboard_id);
      await copies.sibling(PanelRepository).recordActivity({
        ...activityBase(actor, 'dashboard_panel', into.id),
        action: 'updated',
        summary: `Copied ${plural(rows.length, 'widget')} of panel "${source.name}" into panel "${into.name}"`,
      });
      return panelDetail(copies, actor.orgId, into);
    });
    await announceChange(this.repo, this.realtime, actor.orgId, {
      dashboard_id: detail.dashboard_id,
      entity: 'panel',
      id: detail.id,
      action: 'updated',
    });
    return detail;
  }
}
