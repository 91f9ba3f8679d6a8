/** Panel and subpanel use cases; a panel write can also move every child in its grid at once. */
import {
  DEFAULT_SUBPANEL_PLACEMENT,
  type FieldError,
  type LayoutItem,
  type Panel,
  type PanelDetail,
  type panelBodySchema,
  type Subpanel,
  type subpanelBodySchema,
} from '@ferrite/contracts';
import type { z } from 'zod';
import { assertUsable } from '../../../platform/http/problem';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { DashboardRepository } from '../dashboards/repository';
import { mustFindDashboard, mustFindPanel, mustFindSubpanel } from '../load';
import { type Actor, activityBase, announceChange } from '../shared';
import { panelDetail } from './detail';
import { presentPanel, presentSubpanel, storedLayout } from './presenter';
import type { PanelRepository } from './repository';

export type PanelInput = z.output<typeof panelBodySchema>;
export type SubpanelInput = z.output<typeof subpanelBodySchema>;

/** Moves the panel's children to the given grid items (422 for an id that is not a child of the panel). */
async function applyLayout(
  repo: PanelRepository,
  orgId: string,
  panelId: string,
  items: readonly LayoutItem[],
) {
  const children = await repo.childrenOf(orgId, panelId);
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (!children.has(item.i)) {
      errors.push({ path: `body.layout.${index}.i`, message: 'Not a subpanel or widget of this panel' });
    }
  });
  assertUsable(errors);
  for (const item of items) {
    const table = children.get(item.i);
    if (table) await repo.setLayout(table, orgId, item.i, item);
  }
}

/** A dashboard's panels and the subpanels in them. */
export class PanelService {
  constructor(
    private readonly repo: PanelRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  /** A dashboard's panels in order. */
  async list(orgId: string, dashboardId: string): Promise<{ panels: Panel[] }> {
    await mustFindDashboard(this.repo, orgId, dashboardId);
    return { panels: (await this.repo.panelsOf(orgId, dashboardId)).map(presentPanel) };
  }

  /** One panel with everything in it. */
  async get(orgId: string, dashboardId: string, id: string): Promise<PanelDetail> {
    return panelDetail(this.repo, orgId, await mustFindPanel(this.repo, orgId, id, dashboardId));
  }

  /** Adds a panel (after the last one unless an order is given). */
  async create(actor: Actor, dashboardId: string, body: PanelInput): Promise<PanelDetail> {
    const detail = await this.repo.transaction(async (repo) => {
      const dashboard = await mustFindDashboard(repo, actor.orgId, dashboardId);
      const position = body.order ?? (await repo.nextPanelPosition(actor.orgId, dashboardId));
      const id = await repo.insertPanel(actor.orgId, dashboardId, body.name, position);
      if (body.layout?.length) await applyLayout(repo, actor.orgId, id, body.layout);
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      const after = await panelDetail(repo, actor.orgId, await mustFindPanel(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_panel', id),
        action: 'created',
        summary: `Added panel "${body.name}" to dashboard "${dashboard.name}"`,
        after: presentPanel(await mustFindPanel(repo, actor.orgId, id)),
      });
      return after;
    });
    await this.announce(actor.orgId, dashboardId, 'panel', detail.id, 'created');
    return detail;
  }

  /** Renames or reorders a panel, and moves its children when a layout is given. */
  async update(actor: Actor, dashboardId: string, id: string, body: PanelInput): Promise<PanelDetail> {
    const detail = await this.repo.transaction(async (repo) => {
      const before = await mustFindPanel(repo, actor.orgId, id, dashboardId);
      await repo.updatePanel(actor.orgId, id, { name: body.name, position: body.order ?? before.position });
      if (body.layout?.length) await applyLayout(repo, actor.orgId, id, body.layout);
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      const after = await mustFindPanel(repo, actor.orgId, id);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_panel', id),
        action: 'updated',
        summary: `Updated panel "${after.name}"`,
        before: presentPanel(before),
        after: presentPanel(after),
      });
      return panelDetail(repo, actor.orgId, after);
    });
    await this.announce(actor.orgId, dashboardId, 'panel', id, 'updated');
    return detail;
  }

  /** Deletes a panel with everything in it. */
  async delete(actor: Actor, dashboardId: string, id: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const before = await mustFindPanel(repo, actor.orgId, id, dashboardId);
      await repo.deletePanel(actor.orgId, id);
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_panel', id),
        action: 'deleted',
        summary: `Deleted panel "${before.name}"`,
        before: presentPanel(before),
      });
    });
    await this.announce(actor.orgId, dashboardId, 'panel', id, 'deleted');
  }

  /** A panel's subpanels in order. */
  async listSubpanels(
    orgId: string,
    dashboardId: string,
    panelId: string,
  ): Promise<{ subpanels: Subpanel[] }> {
    await mustFindPanel(this.repo, orgId, panelId, dashboardId);
    return {
      subpanels: (await this.repo.subpanelsOf(orgId, [panelId])).map(presentSubpanel),
    };
  }

  /** One subpanel. */
  async getSubpanel(orgId: string, dashboardId: string, panelId: string, id: string): Promise<Subpanel> {
    await mustFindPanel(this.repo, orgId, panelId, dashboardId);
    return presentSubpanel(await mustFindSubpanel(this.repo, orgId, panelId, id));
  }

  /** Adds a subpanel to a panel's grid. */
  async createSubpanel(
    actor: Actor,
    dashboardId: string,
    panelId: string,
    body: SubpanelInput,
  ): Promise<Subpanel> {
    const subpanel = await this.repo.transaction(async (repo) => {
      const panel = await mustFindPanel(repo, actor.orgId, panelId, dashboardId);
      const id = await repo.insertSubpanel({
        orgId: actor.orgId,
        dashboardId,
        panelId,
        name: body.name,
        position: body.order ?? (await repo.nextSubpanelPosition(actor.orgId, panelId)),
        layout: storedLayout(body.layout, DEFAULT_SUBPANEL_PLACEMENT),
      });
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      const after = presentSubpanel(await mustFindSubpanel(repo, actor.orgId, panelId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_subpanel', id),
        action: 'created',
        summary: `Added subpanel "${body.name}" to panel "${panel.name}"`,
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, dashboardId, 'subpanel', subpanel.id, 'created');
    return subpanel;
  }

  /** Renames, reorders or moves a subpanel. */
  async updateSubpanel(
    actor: Actor,
    dashboardId: string,
    panelId: string,
    id: string,
    body: SubpanelInput,
  ): Promise<Subpanel> {
    const subpanel = await this.repo.transaction(async (repo) => {
      await mustFindPanel(repo, actor.orgId, panelId, dashboardId);
      const before = await mustFindSubpanel(repo, actor.orgId, panelId, id);
      await repo.updateSubpanel(actor.orgId, id, {
        name: body.name,
        position: body.order ?? before.position,
        layout: storedLayout(body.layout, before.layout),
      });
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      const after = presentSubpanel(await mustFindSubpanel(repo, actor.orgId, panelId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_subpanel', id),
        action: 'updated',
        summary: `Updated subpanel "${after.name}"`,
        before: presentSubpanel(before),
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, dashboardId, 'subpanel', id, 'updated');
    return subpanel;
  }

  /** Deletes a subpanel and the widgets in it. */
  async deleteSubpanel(actor: Actor, dashboardId: string, panelId: string, id: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      await mustFindPanel(repo, actor.orgId, panelId, dashboardId);
      const before = await mustFindSubpanel(repo, actor.orgId, panelId, id);
      await repo.deleteSubpanel(actor.orgId, id);
      await repo.sibling(DashboardRepository).touch(actor.orgId, dashboardId);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_subpanel', id),
        action: 'deleted',
        summary: `Deleted subpanel "${before.name}"`,
        before: presentSubpanel(before),
      });
    });
    await this.announce(actor.orgId, dashboardId, 'subpanel', id, 'deleted');
  }

  private announce(
    orgId: string,
    dashboardId: string,
    entity: 'panel' | 'subpanel',
    id: string,
    action: 'created' | 'updated' | 'deleted',
  ): Promise<void> {
    return announceChange(this.repo, this.realtime, orgId, { dashboard_id: dashboardId, entity, id, action });
  }
}
