/**
 * Widget instance use cases: a catalogue variant placed in a panel. Its config is checked against the
 * catalogue's schema over the variant's defaults, and every sensor parameter its series name must be a
 * sensor of the organization with that parameter.
 */
import {
  DEFAULT_WIDGET_PLACEMENT,
  type FieldError,
  findWidgetVariant,
  isCommandWidgetKind,
  resolveWidgetConfig,
  type WidgetBinding,
  type WidgetDataQuery,
  type WidgetInstance,
  type WidgetInstanceDataResponse,
  type WidgetVariant,
  type widgetInstanceBodySchema,
} from '@ferrite/contracts';
import { ZodError, type z } from 'zod';
import { assertUsable } from '../../../platform/http/problem';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { effectiveOf, TypeRepository } from '../../entityManager';
import { DashboardRepository } from '../dashboards/repository';
import { mustFindPanel } from '../load';
import { storedLayout } from '../panels/presenter';
import { PanelRepository, type PanelRow } from '../panels/repository';
import {
  type Actor,
  activityBase,
  announceChange,
  type DB,
  HttpProblem,
  invalidFields,
  problems,
} from '../shared';
import { bindingsOf, presentWidget } from './presenter';
import type { WidgetRepository, WidgetRow } from './repository';
import { readWidget } from './widgetCache';

export type WidgetInput = z.output<typeof widgetInstanceBodySchema>;

/** The catalogue variant of the path, or 404; command kinds live under command_widgets (422). */
export function mustFindVariant(widgetId: string): WidgetVariant {
  const variant = findWidgetVariant(widgetId);
  if (!variant) throw problems.notFound('Widget');
  if (isCommandWidgetKind(variant.kind)) {
    throw new HttpProblem(
      422,
      'Invalid request',
      'Buttons, switches, sliders and set-points are command widgets: add them under /panels/{panelId}/command_widgets',
      [{ path: 'params.widgetId', message: 'A command widget kind' }],
    );
  }
  return variant;
}

/** The variant's defaults under the body's settings (400 naming each bad field). */
function checkedConfig(variant: WidgetVariant, config: Record<string, unknown>) {
  try {
    return resolveWidgetConfig(variant, config);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    throw invalidFields(
      error.issues.map((issue) => ({
        path: ['body', 'config', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
}

/** 422 for a series naming a sensor that is not the organization's, or a parameter it does not have. */
async function assertBindingsUsable(
  repo: WidgetRepository,
  orgId: string,
  config: ReturnType<typeof checkedConfig>,
) {
  const wanted = config.series
    .map((series, index) => ({ series, index }))
    .filter(({ series }) => series.sensor_id && series.param_key);
  if (wanted.length === 0) return;
  const sensors = await repo.sensors(orgId, [
    ...new Set(wanted.map(({ series }) => series.sensor_id as string)),
  ]);
  const types = await repo.sibling(TypeRepository).withAncestors(
    orgId,
    sensors.map((s) => s.type_id),
  );
  const byId = new Map(sensors.map((s) => [s.id, s]));
  const errors: FieldError[] = [];
  for (const { series, index } of wanted) {
    const sensor = byId.get(series.sensor_id as string);
    if (!sensor) {
      errors.push({ path: `body.config.series.${index}.sensor_id`, message: 'No sensor with this id' });
      continue;
    }
    const keys = effectiveOf(sensor.type_id, types).parameters.map((p) => p.key);
    if (!keys.includes(series.param_key as string)) {
      errors.push({
        path: `body.config.series.${index}.param_key`,
        message: `"${sensor.name}" has no parameter "${series.param_key}"`,
      });
    }
  }
  assertUsable(errors);
}

/** 422 unless the subpanel is one of the panel's. */
async function assertSubpanel(
  repo: WidgetRepository,
  orgId: string,
  panel: PanelRow,
  subpanelId: string | null,
) {
  if (!subpanelId) return;
  if (!(await repo.sibling(PanelRepository).hasSubpanel(orgId, panel.id, subpanelId))) {
    assertUsable([{ path: 'body.subpanel_id', message: 'No subpanel with this id in this panel' }]);
  }
}

/** A panel's widget instances. */
export class WidgetService {
  constructor(
    private readonly repo: WidgetRepository,
    /** The widget read path's connection: its statement (readStatement.ts) and its memory are keyed by it. */
    private readonly reads: DB,
    private readonly realtime: RealtimeHub,
  ) {}

  /** The panel's instances of one variant. */
  async list(
    orgId: string,
    panelId: string,
    widgetId: string,
  ): Promise<{ widget_instances: WidgetInstance[] }> {
    await mustFindPanel(this.repo, orgId, panelId);
    const rows = await this.repo.ofPanels(orgId, [panelId], widgetId);
    return { widget_instances: rows.map(presentWidget) };
  }

  /** One instance with its data for the read query. */
  async read(
    orgId: string,
    panelId: string,
    widgetId: string,
    id: string,
    query: WidgetDataQuery,
  ): Promise<WidgetInstanceDataResponse> {
    return readWidget(
      this.reads,
      orgId,
      id,
      (instance) => instance.panel_id === panelId && instance.widget_id === widgetId,
      () => this.mustFind(this.repo, orgId, panelId, widgetId, id),
      query,
    );
  }

  /** Places a variant in the panel. */
  async create(actor: Actor, panelId: string, widgetId: string, body: WidgetInput): Promise<WidgetInstance> {
    const variant = mustFindVariant(widgetId);
    const config = checkedConfig(variant, body.config);
    const widget = await this.repo.transaction(async (repo) => {
      const panel = await mustFindPanel(repo, actor.orgId, panelId);
      await assertSubpanel(repo, actor.orgId, panel, body.subpanel_id);
      await assertBindingsUsable(repo, actor.orgId, config);
      const id = await repo.insert(
        actor.orgId,
        { dashboardId: panel.dashboard_id, panelId, createdBy: actor.userId },
        values(widgetId, body, bindingsOf(config), storedLayout(body.layout, DEFAULT_WIDGET_PLACEMENT)),
      );
      await repo.sibling(DashboardRepository).touch(actor.orgId, panel.dashboard_id);
      const after = presentWidget((await repo.findById(actor.orgId, id)) as WidgetRow);
      await repo.recordActivity({
        ...activityBase(actor, 'widget_instance', id),
        action: 'created',
        summary: `Added ${variant.name} widget "${after.title}" to panel "${panel.name}"`,
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, widget, 'created');
    return widget;
  }

  /** Replaces an instance's settings, subpanel and position; the path's variant becomes its variant. */
  async update(
    actor: Actor,
    panelId: string,
    widgetId: string,
    id: string,
    body: WidgetInput,
  ): Promise<WidgetInstance> {
    const variant = mustFindVariant(widgetId);
    const config = checkedConfig(variant, body.config);
    const widget = await this.repo.transaction(async (repo) => {
      const panel = await mustFindPanel(repo, actor.orgId, panelId);
      const before = await repo.findById(actor.orgId, id);
      if (!before || before.panel_id !== panelId) throw problems.notFound('Widget instance');
      await assertSubpanel(repo, actor.orgId, panel, body.subpanel_id);
      await assertBindingsUsable(repo, actor.orgId, config);
      await repo.update(
        actor.orgId,
        id,
        values(widgetId, body, bindingsOf(config), storedLayout(body.layout, before.layout)),
      );
      await repo.sibling(DashboardRepository).touch(actor.orgId, panel.dashboard_id);
      const after = presentWidget((await repo.findById(actor.orgId, id)) as WidgetRow);
      await repo.recordActivity({
        ...activityBase(actor, 'widget_instance', id),
        action: 'updated',
        summary: `Updated widget "${after.title}"`,
        before: presentWidget(before),
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, widget, 'updated');
    return widget;
  }

  /** Removes an instance from its panel. */
  async delete(actor: Actor, panelId: string, widgetId: string, id: string): Promise<void> {
    const before = await this.repo.transaction(async (repo) => {
      const row = await this.mustFind(repo, actor.orgId, panelId, widgetId, id);
      await repo.delete(actor.orgId, id);
      await repo.sibling(DashboardRepository).touch(actor.orgId, row.dashboard_id);
      const presented = presentWidget(row);
      await repo.recordActivity({
        ...activityBase(actor, 'widget_instance', id),
        action: 'deleted',
        summary: `Deleted widget "${presented.title}"`,
        before: presented,
      });
      return presented;
    });
    await this.announce(actor.orgId, before, 'deleted');
  }

  /** The instance of this panel and variant, or 404. */
  private async mustFind(
    repo: WidgetRepository,
    orgId: string,
    panelId: string,
    widgetId: string,
    id: string,
  ) {
    const row = await repo.findById(orgId, id);
    // An instance of this panel proves the panel exists (instances go with their panel), so the panel
    // is looked up only to tell which of the two is missing: widgets read this on every refresh.
    if (row && row.panel_id === panelId && row.widget_id === widgetId) return row;
    await mustFindPanel(repo, orgId, panelId);
    throw problems.notFound('Widget instance');
  }

  private announce(orgId: string, widget: WidgetInstance, action: 'created' | 'updated' | 'deleted') {
    return announceChange(this.repo, this.realtime, orgId, {
      dashboard_id: widget.dashboard_id,
      entity: 'widget_instance',
      id: widget.id,
      action,
    });
  }
}

function values(
  widgetId: string,
  body: WidgetInput,
  bindings: WidgetBinding[],
  layout: { x: number; y: number; w: number; h: number },
) {
  return { widgetId, subpanelId: body.subpanel_id, config: body.config, bindings, layout };
}
