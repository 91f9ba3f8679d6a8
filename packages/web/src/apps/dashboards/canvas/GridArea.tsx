/**
 * One react-grid-layout grid (v2 API: `width`, `gridConfig`): a panel's top level or a subpanel's inside.
 * Items are dragged by this grid's own handle class and resized from the corner, only in edit mode; the
 * layout after a drag or a resize is handed to `onCommit` (the app saves it, debounced). A layout from
 * the server replaces the local one unless the user is moving something.
 */
import type { GridSettings, LayoutItem } from '@ferrite/contracts';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import ReactGridLayout, {
  horizontalCompactor,
  type Layout,
  noCompactor,
  useContainerWidth,
  verticalCompactor,
} from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import classes from './Canvas.module.css';
import { sameLayout } from './gridMath';

const COMPACTORS = {
  vertical: verticalCompactor,
  horizontal: horizontalCompactor,
  none: noCompactor,
} as const;

/** Smallest widget, in grid units. */
const MIN_W = 1;
const MIN_H = 2;

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
}: GridAreaProps) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 960 });
  const [layout, setLayout] = useState<LayoutItem[]>(() => [...items]);
  const moving = useRef(false);

  // The server's answer wins, except while a drag or resize is under way.
  useEffect(() => {
    if (!moving.current) setLayout((current) => (sameLayout(current, items) ? current : [...items]));
  }, [items]);
  useEffect(() => {
    if (mounted) onWidth?.(width);
  }, [mounted, width, onWidth]);

  const withLimits = useMemo(() => layout.map((item) => ({ ...item, minW: MIN_W, minH: MIN_H })), [layout]);
  const stop = (next: Layout) => {
    moving.current = false;
    const committed = plain(next);
    setLayout(committed);
    onCommit?.(committed);
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
            <div key={item.i} className={classes.item} data-grid-item={item.i}>
              {renderItem(item, width)}
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
