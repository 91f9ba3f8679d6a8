/**
 * A panel's grid: its subpanels (titled boxes with a grid of their own), widgets and command widgets.
 * Every grid of the panel reports its layout after a drag or resize; the canvas hands the panel's whole
 * layout to `onLayoutCommit` (PUT …/panels/{id} with `layout` moves every child in one write).
 */
import type {
  CommandWidget,
  GridSettings,
  LayoutItem,
  PanelDetail,
  Subpanel,
  WidgetInstance,
} from '@ferrite/contracts';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useCallback, useContext, useMemo, useRef } from 'react';
import classes from './Canvas.module.css';
import { CommandCard } from './CommandCard';
import { GridArea } from './GridArea';
import { itemSize } from './gridMath';
import { CanvasLookContext } from './viewContext';
import { WidgetCard } from './WidgetCard';
import { type CardAction, WidgetMenu } from './WidgetMenu';

/** Subpanel headers take this much of the box; its grid gets the rest. */
const SUBPANEL_HEADER = 36;

export interface PanelCanvasProps {
  panel: PanelDetail;
  settings: GridSettings;
  /** The panel's whole layout after the user moved or resized something. */
  onLayoutCommit?: (layout: LayoutItem[]) => void;
  widgetActions?: (instance: WidgetInstance) => CardAction[];
  commandActions?: (widget: CommandWidget) => CardAction[];
  subpanelActions?: (subpanel: Subpanel) => CardAction[];
  /** Shown when the panel holds nothing. */
  empty?: ReactNode;
}

type Child =
  | { type: 'widget'; layout: LayoutItem; instance: WidgetInstance }
  | { type: 'command'; layout: LayoutItem; widget: CommandWidget }
  | { type: 'subpanel'; layout: LayoutItem; subpanel: Subpanel };

/** The panel's children by the grid they sit in: '' for the panel, else the subpanel's id. */
function childrenByGrid(panel: PanelDetail): Map<string, Child[]> {
  const grids = new Map<string, Child[]>([['', []]]);
  const add = (grid: string, child: Child) => {
    // A child of a subpanel that is gone shows on the panel instead of disappearing.
    const target = grids.has(grid) ? grid : '';
    grids.get(target)?.push({ ...child, layout: { ...child.layout, i: childId(child) } });
  };
  for (const subpanel of panel.subpanels) grids.set(subpanel.id, []);
  for (const subpanel of panel.subpanels) add('', { type: 'subpanel', layout: subpanel.layout, subpanel });
  for (const instance of panel.widget_instances)
    add(instance.subpanel_id ?? '', { type: 'widget', layout: instance.layout, instance });
  for (const widget of panel.command_widgets)
    add(widget.subpanel_id ?? '', { type: 'command', layout: widget.layout, widget });
  return grids;
}

/** The name a focused child is announced by. */
function childLabel(child: Child | undefined): string {
  if (!child) return '';
  if (child.type === 'widget') return child.instance.title || 'Widget';
  if (child.type === 'command') return child.widget.title || 'Command widget';
  return `Subpanel ${child.subpanel.name}`;
}

function childId(child: Child): string {
  return child.type === 'widget'
    ? child.instance.id
    : child.type === 'command'
      ? child.widget.id
      : child.subpanel.id;
}

const NONE: CardAction[] = [];

/** The panel's canvas. */
export function PanelCanvas({
  panel,
  settings,
  onLayoutCommit,
  widgetActions,
  commandActions,
  subpanelActions,
  empty,
}: PanelCanvasProps) {
  const { editing } = useContext(CanvasLookContext);
  const grids = useMemo(() => childrenByGrid(panel), [panel]);
  const latest = useRef(new Map<string, LayoutItem[]>());
  const seededFrom = useRef<Map<string, Child[]> | null>(null);
  // Layouts as last committed per grid, seeded from the server, so one grid's commit carries the rest.
  // Seeded again only when the server's panel changes: a move in one grid still waiting to be saved is
  // not lost when a move in another grid commits after a re-render.
  if (seededFrom.current !== grids) {
    seededFrom.current = grids;
    latest.current = new Map([...grids].map(([grid, children]) => [grid, children.map((c) => c.layout)]));
  }

  const commit = useCallback(
    (grid: string, layout: LayoutItem[]) => {
      latest.current.set(grid, layout);
      onLayoutCommit?.([...latest.current.values()].flat());
    },
    [onLayoutCommit],
  );

  const renderChild = (child: Child, width: number, height: number, handleClass: string) => {
    switch (child.type) {
      case 'widget':
        return (
          <WidgetCard
            instance={child.instance}
            width={width}
            height={height}
            handleClass={handleClass}
            actions={widgetActions?.(child.instance) ?? NONE}
          />
        );
      case 'command':
        return (
          <CommandCard
            widget={child.widget}
            width={width}
            height={height}
            handleClass={handleClass}
            actions={commandActions?.(child.widget) ?? NONE}
          />
        );
      case 'subpanel': {
        const inner = grids.get(child.subpanel.id) ?? [];
        const innerHandle = `${classes.handle}-${child.subpanel.id.slice(0, 8)}`;
        return (
          <section
            className={classes.subpanel}
            aria-label={child.subpanel.name}
            data-subpanel={child.subpanel.id}
          >
            <Group className={classes.subpanelHeader} gap={6} wrap="nowrap" justify="space-between">
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                {editing ? (
                  <Tooltip label="Drag to move" openDelay={400} withinPortal>
                    <span className={`${classes.grip} ${handleClass}`} aria-hidden>
                      <IconGripVertical size={15} />
                    </span>
                  </Tooltip>
                ) : null}
                <Text size="sm" fw={650} truncate>
                  {child.subpanel.name}
                </Text>
              </Group>
              <WidgetMenu title={child.subpanel.name} actions={subpanelActions?.(child.subpanel) ?? NONE} />
            </Group>
            {inner.length === 0 ? (
              <Text size="xs" c="dimmed" className={classes.subpanelEmpty}>
                {editing ? 'Add widgets to this subpanel from “Add widget”.' : 'Nothing here yet.'}
              </Text>
            ) : (
              <GridArea
                items={inner.map((c) => c.layout)}
                settings={settings}
                editing={editing}
                handleClass={innerHandle}
                onCommit={(layout) => commit(child.subpanel.id, layout)}
                itemLabel={(item) => childLabel(inner.find((c) => c.layout.i === item.i))}
                className={classes.subpanelGrid}
                renderItem={(item, gridWidth) => {
                  const found = inner.find((c) => c.layout.i === item.i);
                  const size = itemSize(item, gridWidth, settings);
                  return found ? renderChild(found, size.width, size.height, innerHandle) : null;
                }}
              />
            )}
          </section>
        );
      }
    }
  };

  const top = grids.get('') ?? [];
  if (top.length === 0 && empty) return <>{empty}</>;
  const topHandle = classes.handle ?? 'dash-handle';
  return (
    <GridArea
      items={top.map((c) => c.layout)}
      settings={settings}
      editing={editing}
      handleClass={topHandle}
      onCommit={(layout) => commit('', layout)}
      itemLabel={(item) => childLabel(top.find((c) => c.layout.i === item.i))}
      className={classes.panelGrid}
      renderItem={(item, gridWidth) => {
        const found = top.find((c) => c.layout.i === item.i);
        if (!found) return null;
        const size = itemSize(item, gridWidth, settings);
        const height = found.type === 'subpanel' ? size.height - SUBPANEL_HEADER : size.height;
        return renderChild(found, size.width, height, topHandle);
      }}
    />
  );
}
