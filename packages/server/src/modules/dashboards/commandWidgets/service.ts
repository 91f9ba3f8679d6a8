/**
 * Command widget use cases: place a button, switch, slider or set-point bound to a gateway command,
 * and send it: the value is checked against the kind, put into the value template, stored as an IoT
 * Manager command and dispatched (pushed to a connected MQTT gateway, else fetched by the device).
 */
import { randomUUID } from 'node:crypto';
import {
  COMMAND_VALUE_PLACEHOLDER,
  COMMAND_WIDGET_DEFAULT_TEMPLATES,
  type Command,
  type CommandWidget,
  type CommandWidgetKind,
  type commandWidgetBodySchema,
  type commandWidgetSendBodySchema,
  DASHBOARD_MESSAGES,
  DEFAULT_COMMAND_TIMEOUT_S,
  DEFAULT_WIDGET_PLACEMENT,
  type FieldError,
} from '@ferrite/contracts';
import type { z } from 'zod';
import { assertUsable } from '../../../platform/http/problem';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { CommandRepository, type CommandRow, type DispatchDeps, dispatchCommand } from '../../iotManager';
import { DashboardRepository } from '../dashboards/repository';
import { mustFindPanel } from '../load';
import { storedLayout } from '../panels/presenter';
import { PanelRepository, type PanelRow } from '../panels/repository';
import { type Actor, activityBase, announceChange, problems } from '../shared';
import { presentCommandWidget } from './presenter';
import { CommandWidgetRepository, type CommandWidgetRow, type CommandWidgetValues } from './repository';

export type CommandWidgetInput = z.output<typeof commandWidgetBodySchema>;
export type SendInput = z.output<typeof commandWidgetSendBodySchema>;

/** The template with every {{value}} filled in: a whole-string placeholder keeps the value's type. */
export function renderValueTemplate(template: unknown, value: boolean | number | undefined): unknown {
  if (typeof template === 'string') {
    if (template === COMMAND_VALUE_PLACEHOLDER) return value ?? null;
    return template.split(COMMAND_VALUE_PLACEHOLDER).join(value === undefined ? '' : String(value));
  }
  if (Array.isArray(template)) return template.map((item) => renderValueTemplate(item, value));
  if (template && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([key, item]) => [key, renderValueTemplate(item, value)]),
    );
  }
  return template;
}

/** Why the value does not suit the widget, or null: switches send booleans, sliders steps in range. */
export function valueError(
  kind: CommandWidgetKind,
  settings: { min: number; max: number; step: number },
  value: boolean | number | undefined,
): string | null {
  if (kind === 'button') return null;
  if (kind === 'switch') return typeof value === 'boolean' ? null : 'A switch sends true or false';
  if (typeof value !== 'number') return 'Please enter a number';
  if (value < settings.min || value > settings.max) {
    return `The value must be between ${settings.min} and ${settings.max}`;
  }
  const steps = (value - settings.min) / settings.step;
  if (kind === 'slider' && Math.abs(steps - Math.round(steps)) > 1e-9) {
    return `The value must be a step of ${settings.step} from ${settings.min}`;
  }
  return null;
}

/** A panel's command widgets, and sending them. */
export class CommandWidgetService {
  constructor(
    private readonly repo: CommandWidgetRepository,
    private readonly deps: DispatchDeps & { realtime: RealtimeHub },
  ) {}

  /** The panel's command widgets. */
  async list(orgId: string, panelId: string): Promise<{ command_widgets: CommandWidget[] }> {
    await mustFindPanel(this.repo, orgId, panelId);
    const rows = await this.repo.ofPanels(orgId, [panelId]);
    return { command_widgets: rows.map(presentCommandWidget) };
  }

  /** One command widget of the panel. */
  async get(orgId: string, panelId: string, id: string): Promise<CommandWidget> {
    return presentCommandWidget(await this.mustFind(this.repo, orgId, panelId, id));
  }

  /** Places a command widget in the panel. */
  async create(actor: Actor, panelId: string, body: CommandWidgetInput): Promise<CommandWidget> {
    const widget = await this.repo.transaction(async (repo) => {
      const panel = await mustFindPanel(repo, actor.orgId, panelId);
      await this.assertUsable(repo, actor.orgId, panel, body);
      const id = await repo.insert(
        actor.orgId,
        { dashboardId: panel.dashboard_id, panelId, createdBy: actor.userId },
        values(body, storedLayout(body.layout, DEFAULT_WIDGET_PLACEMENT)),
      );
      await repo.sibling(DashboardRepository).touch(actor.orgId, panel.dashboard_id);
      const after = presentCommandWidget((await repo.findById(actor.orgId, id)) as CommandWidgetRow);
      await repo.recordActivity({
        ...activityBase(actor, 'command_widget', id),
        action: 'created',
        summary: `Added ${body.kind} "${after.title || body.command_name}" to panel "${panel.name}"`,
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, widget, 'created');
    return widget;
  }

  /** Replaces a command widget's fields. */
  async update(actor: Actor, panelId: string, id: string, body: CommandWidgetInput): Promise<CommandWidget> {
    const widget = await this.repo.transaction(async (repo) => {
      const before = await this.mustFind(repo, actor.orgId, panelId, id);
      const panel = await mustFindPanel(repo, actor.orgId, panelId);
      await this.assertUsable(repo, actor.orgId, panel, body);
      await repo.update(actor.orgId, id, values(body, storedLayout(body.layout, before.layout)));
      await repo.sibling(DashboardRepository).touch(actor.orgId, panel.dashboard_id);
      const after = presentCommandWidget((await repo.findById(actor.orgId, id)) as CommandWidgetRow);
      await repo.recordActivity({
        ...activityBase(actor, 'command_widget', id),
        action: 'updated',
        summary: `Updated ${after.kind} "${after.title || after.command_name}"`,
        before: presentCommandWidget(before),
        after,
      });
      return after;
    });
    await this.announce(actor.orgId, widget, 'updated');
    return widget;
  }

  /** Removes a command widget. */
  async delete(actor: Actor, panelId: string, id: string): Promise<void> {
    const before = await this.repo.transaction(async (repo) => {
      const row = await this.mustFind(repo, actor.orgId, panelId, id);
      await repo.delete(actor.orgId, id);
      await repo.sibling(DashboardRepository).touch(actor.orgId, row.dashboard_id);
      const presented = presentCommandWidget(row);
      await repo.recordActivity({
        ...activityBase(actor, 'command_widget', id),
        action: 'deleted',
        summary: `Deleted ${presented.kind} "${presented.title || presented.command_name}"`,
        before: presented,
      });
      return presented;
    });
    await this.announce(actor.orgId, before, 'deleted');
  }

  /** Sends the widget's command with the picked value, once confirmed; answers the command. */
  async send(actor: Actor, panelId: string, id: string, body: SendInput): Promise<{ command: Command }> {
    const widget = presentCommandWidget(await this.mustFind(this.repo, actor.orgId, panelId, id));
    const errors: FieldError[] = [];
    if (widget.confirmation_text && !body.confirmed) {
      errors.push({ path: 'body.confirmed', message: DASHBOARD_MESSAGES.confirmationRequired });
    }
    const problem = valueError(widget.kind, widget.settings, body.value);
    if (problem) errors.push({ path: 'body.value', message: problem });
    assertUsable(errors);
    const value = renderValueTemplate(
      widget.value_template,
      widget.kind === 'button' ? undefined : body.value,
    );
    const commands = this.repo.sibling(CommandRepository);
    const { gateway, row } = await commands.transaction(async (repo) => {
      const found = widget.gateway
        ? await repo.sibling(CommandWidgetRepository).findGateway(actor.orgId, widget.gateway.id)
        : undefined;
      if (!found) throw problems.conflict('The gateway of this widget was deleted; choose another gateway');
      if (found.archived_at) {
        throw problems.conflict(`Gateway "${found.name}" is archived; unarchive it to send commands`);
      }
      const commandId = randomUUID();
      await repo.insert({
        id: commandId,
        orgId: actor.orgId,
        gatewayId: found.id,
        name: widget.command_name,
        value,
        createdBy: actor.userId,
        expiresAt: new Date(Date.now() + DEFAULT_COMMAND_TIMEOUT_S * 1000),
      });
      await repo.recordActivity({
        orgId: actor.orgId,
        actorId: actor.userId,
        app: 'iotManager',
        entityType: 'gateway_command',
        entityId: commandId,
        action: 'created',
        summary: `Sent command "${widget.command_name}" to gateway "${found.name}" from dashboard widget "${widget.title || widget.command_name}"`,
        after: { widget_id: widget.id, name: widget.command_name, value },
      });
      return { gateway: found, row: (await repo.findById(actor.orgId, commandId)) as CommandRow };
    });
    // Pushed only after commit, so a fast acknowledgement always finds the command.
    const { command } = await dispatchCommand(commands, this.deps, gateway, row);
    return { command };
  }

  private async mustFind(
    repo: CommandWidgetRepository,
    orgId: string,
    panelId: string,
    id: string,
  ): Promise<CommandWidgetRow> {
    await mustFindPanel(repo, orgId, panelId);
    const row = await repo.findById(orgId, id);
    if (!row || row.panel_id !== panelId) throw problems.notFound('Command widget');
    return row;
  }

  /** 422 for a gateway or subpanel that is not the organization's (or the panel's). */
  private async assertUsable(
    repo: CommandWidgetRepository,
    orgId: string,
    panel: PanelRow,
    body: CommandWidgetInput,
  ): Promise<void> {
    const errors: FieldError[] = [];
    const gateway = await repo.findGateway(orgId, body.gateway_id);
    if (!gateway) errors.push({ path: 'body.gateway_id', message: 'No gateway with this id' });
    if (
      body.subpanel_id &&
      !(await repo.sibling(PanelRepository).hasSubpanel(orgId, panel.id, body.subpanel_id))
    ) {
      errors.push({ path: 'body.subpanel_id', message: 'No subpanel with this id in this panel' });
    }
    assertUsable(errors);
  }

  private announce(orgId: string, widget: CommandWidget, action: 'created' | 'updated' | 'deleted') {
    return announceChange(this.repo, this.deps.realtime, orgId, {
      dashboard_id: widget.dashboard_id,
      entity: 'command_widget',
      id: widget.id,
      action,
    });
  }
}

function values(body: CommandWidgetInput, layout: CommandWidgetValues['layout']): CommandWidgetValues {
  return {
    kind: body.kind,
    title: body.title,
    subpanelId: body.subpanel_id,
    gatewayId: body.gateway_id,
    commandName: body.command_name,
    valueTemplate:
      body.value_template === undefined ? COMMAND_WIDGET_DEFAULT_TEMPLATES[body.kind] : body.value_template,
    confirmationText: body.confirmation_text,
    settings: body.settings,
    layout,
  };
}
