/**
 * A command widget on the canvas (button, switch, slider, set-point): the catalogue's control bound to a
 * gateway and a command. The control asks for confirmation before it actuates (the renderer does), the
 * card then sends through the view's source and shows the command's status, following it live on the
 * gateway's room until the device answers.
 */
import {
  type Command,
  type CommandStatus,
  type CommandWidget,
  defaultVariantOf,
  resolveWidgetConfig,
} from '@ferrite/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { memo, useContext, useMemo, useState } from 'react';
import { useSocketRoom } from '../../app/socket';
import { notifyProblem } from '../../ui/appHooks';
import { WidgetRenderer } from '../WidgetRenderer';
import classes from './Canvas.module.css';
import { themedConfig } from './dashboardTheme';
import { CanvasLookContext, useDashboardView } from './viewContext';
import { type CardAction, WidgetMenu } from './WidgetMenu';

const STATUS_LOOK: Record<CommandStatus, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Sent, waiting for the device' },
  delivered: { color: 'blue', label: 'Delivered' },
  acknowledged: { color: 'teal', label: 'Done' },
  failed: { color: 'red', label: 'Failed' },
  timed_out: { color: 'gray', label: 'No answer' },
};
const OPEN: ReadonlySet<CommandStatus> = new Set(['pending', 'delivered']);

/** The catalogue config that draws a command widget. */
export function commandWidgetConfig(widget: CommandWidget) {
  const { settings } = widget;
  return resolveWidgetConfig(defaultVariantOf(widget.kind), {
    title: widget.title,
    show_title: Boolean(widget.title),
    command_name: widget.command_name,
    command_gateway_id: widget.gateway?.id ?? null,
    command_label: widget.kind === 'button' ? settings.button_label : widget.title || widget.command_name,
    command_min: settings.min,
    command_max: settings.max,
    command_step: settings.step,
    command_confirm: widget.confirmation_text,
    unit: settings.unit,
  });
}

interface CommandCardProps {
  widget: CommandWidget;
  width: number;
  height: number;
  handleClass: string;
  actions: CardAction[];
}

/** Follows an open command on its gateway's room. */
function useCommandStatus(orgId: string, widget: CommandWidget) {
  const [command, setCommand] = useState<Command | null>(null);
  const following = command && OPEN.has(command.status) && widget.gateway ? widget.gateway.id : null;
  useSocketRoom(following ? { kind: 'gatewayLogs', orgId, gatewayId: following } : null, {
    'gateway.command': (update) => {
      if (update.id === command?.id) setCommand(update);
    },
  });
  return [command, setCommand] as const;
}

/** The card of one command widget. */
export const CommandCard = memo(function CommandCard({
  widget,
  width,
  height,
  handleClass,
  actions,
}: CommandCardProps) {
  const source = useDashboardView();
  const { widgetTheme, editing } = useContext(CanvasLookContext);
  const variant = useMemo(() => defaultVariantOf(widget.kind), [widget.kind]);
  const config = useMemo(() => themedConfig(commandWidgetConfig(widget), widgetTheme), [widget, widgetTheme]);
  const [command, setCommand] = useCommandStatus(source.orgId, widget);
  const send = source.sendCommand;
  const canSend = Boolean(send && widget.gateway && !editing);
  const look = command ? STATUS_LOOK[command.status] : null;

  return (
    <figure
      className={classes.card}
      data-command-widget={widget.id}
      data-widget-title={widget.title || widget.command_name}
      aria-label={widget.title || widget.command_name}
    >
      <WidgetRenderer
        variant={variant}
        config={config}
        data={undefined}
        loading={false}
        error={null}
        width={width}
        height={height}
        theme={widgetTheme}
        onCommand={
          canSend && send
            ? async (value) => {
                try {
                  setCommand(await send(widget, value));
                } catch (error) {
                  notifyProblem(error);
                }
              }
            : undefined
        }
      />
      <div className={classes.commandFoot}>
        {widget.gateway ? (
          <Tooltip
            label={`Sends “${widget.command_name}” to ${widget.gateway.name}`}
            withinPortal
            openDelay={300}
          >
            <Badge size="xs" variant="default" className={classes.gatewayBadge}>
              {widget.gateway.name}
            </Badge>
          </Tooltip>
        ) : (
          <Badge size="xs" color="red" variant="light">
            Gateway deleted
          </Badge>
        )}
        {look ? (
          <Badge size="xs" color={look.color} variant="light" data-command-status={command?.status}>
            {look.label}
          </Badge>
        ) : null}
      </div>
      <div className={classes.toolbar} data-editing={editing || undefined}>
        {editing ? (
          <Tooltip label="Drag to move" openDelay={400} withinPortal>
            <span className={`${classes.grip} ${handleClass}`} aria-hidden>
              <IconGripVertical size={15} />
            </span>
          </Tooltip>
        ) : null}
        <WidgetMenu title={widget.title || widget.command_name} actions={actions} />
      </div>
    </figure>
  );
});
