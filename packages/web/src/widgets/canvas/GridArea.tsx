/**
 * One react-grid-layout grid (v2 API: `width`, `gridConfig`): a panel's top level or a subpanel's inside.
 * Items are dragged by this grid's own handle class and resized from the corner, only in edit mode; the
 * layout after a drag or a resize is handed to `onCommit` (the app saves it, debounced). A layout from
 * the server replaces the local one unless the user is moving something.
 *
 * Keyboard: in edit mode each item is focusable; arrows move it one cell and Shift+arrows resize it
 * (gridMath.ts: clamped to the grid, never over another item, the grid's own compaction applied), the
 * result is committed like a drag, and a polite live region says where it went.
 */
import type { GridSettings, LayoutItem } from '@ferrite/contracts';
import { VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import ReactGridLayout, {
  horizontalCompactor,
  type Layout,
  noCompactor,
  useContainerWidth,
  verticalCompactor,
} from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import classes from './Canvas.module.css';
import {
  applyGridKeyStep,
  gridKeyAnnouncement,
  gridKeyStep,
  MIN_ITEM_H,
  MIN_ITEM_W,
  sameLayout,
} from './gridMath';

const COMPACTORS = {
  vertical: verticalCompactor,
  horizontal: horizontalCompactor,
  none: noCompactor,
} as const;

interface GridAreaProps {
  items: readonly LayoutItem[];
  settings: GridSettings;
  editing: boolean;
  /** This grid's drag handle class (nested grids need their own). */
  handleClass: string;
  /** The layout after a drag or a resize stopped. */
  onCommit?: (layout: LayoutItem[]) => void;
  /** Draws a child at its place; `gridWidth` is the grid's measured width. */
  renderItem: (item: LayoutItem, gridWidth: number) => ReactNode;
  className?: string;
  /** Reports the measured width (children size themselves from it). */
  onWidth?: (width: number) => void;
  /** The name a focused item is announced by (its title). */
  itemLabel?: (item: LayoutItem) => string;
}

function plain(layout: Layout): LayoutItem[] {
  return layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** A measured grid of items. */
export function GridArea({
  items,
  settings,
  editing,
  handleClass,
  onCommit,
  renderItem,
  className,
  onWidth,
  itemLabel,
}: GridAreaProps) {
  // Measured before the grid mounts: a grid first laid out at a guessed width renders every card twice
  // (at the guess, then at the width measured), fifty cards' worth of work on a dashboard opening.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true, initialWidth: 960 });
  const [layout, setLayout] = useState<LayoutItem[]>(() => [...items]);
  const [announcement, setAnnouncement] = useState('');
  const moving = useRef(false);
  const hintId = useId();

  // The server's answer wins, except while a drag or resize is under way. Only a new answer counts: the
  // parent hands a fresh array on every render, and the same old layout must not undo a move that is
  // still waiting to be saved.
  const answered = useRef(items);
  useEffect(() => {
    if (moving.current || sameLayout(answered.current, items)) return;
    answered.current = items;
    setLayout((current) => (sameLayout(current, items) ? current : [...items]));
  }, [items]);
  useEffect(() => {
    if (mounted) onWidth?.(width);
  }, [mounted, width, onWidth]);

  const withLimits = useMemo(
    () => layout.map((item) => ({ ...item, minW: MIN_ITEM_W, minH: MIN_ITEM_H })),
    [layout],
  );
  const stop = (next: Layout) => {
    moving.current = false;
    const committed = plain(next);
    setLayout(committed);
    onCommit?.(committed);
  };
  const onItemKey = (event: KeyboardEvent<HTMLDivElement>, id: string) => {
    // Only the focused item itself: keys inside a card (its menu, a nested grid's item) are theirs.
    if (!editing || event.target !== event.currentTarget) return;
    const step = gridKeyStep(event);
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    const next = applyGridKeyStep(layout, id, step, {
      cols: settings.columns,
      compaction: COMPACTORS[settings.compact],
    });
    setAnnouncement(gridKeyAnnouncement(step, next?.find((item) => item.i === id) ?? null));
    if (!next) return;
    setLayout(next);
    onCommit?.(next);
  };

  return (
    <div ref={containerRef} className={className} data-editing={editing || undefined}>
      {mounted ? (
        <ReactGridLayout
          width={width}
          layout={withLimits}
          gridConfig={{
            cols: settings.columns,
            rowHeight: settings.row_height,
            margin: [settings.margin, settings.margin],
          }}
          dragConfig={{ enabled: editing, handle: `.${handleClass}` }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          compactor={COMPACTORS[settings.compact]}
          className={classes.grid}
          onLayoutChange={(next) => {
            if (!moving.current) return;
            setLayout(plain(next));
          }}
          onDragStart={() => {
            moving.current = true;
          }}
          onResizeStart={() => {
            moving.current = true;
          }}
          onDragStop={stop}
          onResizeStop={stop}
        >
          {layout.map((item) => (
            <div
              key={item.i}
              className={classes.item}
              data-grid-item={item.i}
              {...(editing
                ? {
                    tabIndex: 0,
                    role: 'group',
                    'aria-roledescription': 'movable item',
                    'aria-label': itemLabel?.(item),
                    'aria-describedby': hintId,
                    'aria-keyshortcuts':
                      'ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown',
                    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onItemKey(event, item.i),
                  }
                : {})}
            >
              {renderItem(item, width)}
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
      {editing ? (
        <VisuallyHidden id={hintId}>
          Arrow keys move it by one grid cell; Shift with arrow keys resizes it.
        </VisuallyHidden>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
