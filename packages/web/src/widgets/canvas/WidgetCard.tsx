/**
 * One widget instance on the canvas: its renderer from the widgets catalogue fed with live data, a
 * drag grip in edit mode and the card menu (the app's actions, downloads, print). A failed read shows
 * exactly 'There is some error while loading data for this widget.' (spec §8, drawn by WidgetFrame).
 */
import { findWidgetVariant, type WidgetInstance } from '@ferrite/contracts';
import { Text, Tooltip } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { memo, useCallback, useContext, useMemo, useRef } from 'react';
import type { WidgetExportInput } from '../export/exportWidget';
import { widgetDefinition } from '../registry';
import { WidgetRenderer } from '../WidgetRenderer';
import classes from './Canvas.module.css';
import { themedConfig } from './dashboardTheme';
import { readsData } from './readsData';
import { storedConfig } from './storedConfig';
import { useWidgetData } from './useWidgetData';
import { CanvasLookContext } from './viewContext';
import { type CardAction, WidgetMenu } from './WidgetMenu';

interface WidgetCardProps {
  instance: WidgetInstance;
  width: number;
  height: number;
  /** The grid's drag handle class (each grid has its own, so nested grids do not drag their parent). */
  handleClass: string;
  actions: CardAction[];
}

function UnknownWidget({ instance }: { instance: WidgetInstance }) {
  return (
    <div className={classes.unknown}>
      <Text size="sm" fw={600}>
        {instance.title}
      </Text>
      <Text size="xs" c="dimmed">
        The widget “{instance.widget_id}” is not in the catalogue any more.
      </Text>
    </div>
  );
}

interface CardToolbarProps {
  title: string;
  editing: boolean;
  handleClass: string;
  actions: CardAction[];
  exportInput: () => WidgetExportInput;
}

/** The grip and the menu; memoized, so a live value redraws the widget and not its menu. */
const CardToolbar = memo(function CardToolbar({
  title,
  editing,
  handleClass,
  actions,
  exportInput,
}: CardToolbarProps) {
  return (
    <div className={classes.toolbar} data-editing={editing || undefined}>
      {editing ? (
        <Tooltip label="Drag to move, or focus the card and use the arrow keys" openDelay={400} withinPortal>
          <span className={`${classes.grip} ${handleClass}`} aria-hidden>
            <IconGripVertical size={15} />
          </span>
        </Tooltip>
      ) : null}
      <WidgetMenu title={title} actions={actions} exportInput={exportInput} />
    </div>
  );
});

/** Draws a known variant. */
function KnownWidget({ instance, width, height, handleClass, actions }: WidgetCardProps) {
  const variant = findWidgetVariant(instance.widget_id);
  const { widgetTheme, editing } = useContext(CanvasLookContext);
  const stored = useMemo(
    () => (variant ? storedConfig(variant, instance.config) : null),
    [variant, instance.config],
  );
  const config = useMemo(() => (stored ? themedConfig(stored, widgetTheme) : null), [stored, widgetTheme]);
  const needsData = variant ? readsData(variant.kind) : false;
  // A chart follows its feed by itself: a live value redraws it at its turn without rendering the card.
  const followsFeed = variant ? widgetDefinition(variant.kind).followsFeed : false;
  const state = useWidgetData(instance, stored ?? ({} as never), needsData && Boolean(stored), !followsFeed);
  // The export reads the widget as it is at the click; a stable function keeps the toolbar still.
  const latest = useRef({ config, state, width, height });
  latest.current = { config, state, width, height };
  const exportInput = useCallback(
    (): WidgetExportInput => ({
      variant: variant as NonNullable<typeof variant>,
      config: latest.current.config as NonNullable<typeof config>,
      data: latest.current.state.feed?.current() ?? latest.current.state.data,
      theme: widgetTheme,
      width: Math.max(latest.current.width, 480),
      height: Math.max(latest.current.height, 300),
    }),
    [variant, widgetTheme],
  );
  if (!variant || !config) return <UnknownWidget instance={instance} />;
  return (
    <>
      <WidgetRenderer
        variant={variant}
        config={config}
        data={state.data}
        feed={state.feed}
        loading={state.loading}
        error={state.error}
        width={width}
        height={height}
        theme={widgetTheme}
      />
      <CardToolbar
        title={instance.title}
        editing={editing}
        handleClass={handleClass}
        actions={actions}
        exportInput={exportInput}
      />
    </>
  );
}

/** The card; memoized so a live value for one widget does not redraw its neighbours. */
export const WidgetCard = memo(function WidgetCard(props: WidgetCardProps) {
  return (
    <figure
      className={classes.card}
      data-widget-card={props.instance.id}
      data-widget-title={props.instance.title}
      aria-label={props.instance.title}
    >
      <KnownWidget {...props} />
    </figure>
  );
});
