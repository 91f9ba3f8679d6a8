/** Pixel sizes of grid items (react-grid-layout's own arithmetic), so a widget knows its size before paint. */
import type { GridSettings, LayoutItem } from '@ferrite/contracts';

/** The width of one column for a grid this wide (container padding equals the margin). */
export function columnWidth(gridWidth: number, settings: Pick<GridSettings, 'columns' | 'margin'>): number {
  const { columns, margin } = settings;
  return Math.max(0, (gridWidth - margin * (columns + 1)) / columns);
}

/** The outer pixel size of an item. */
export function itemSize(
  item: Pick<LayoutItem, 'w' | 'h'>,
  gridWidth: number,
  settings: Pick<GridSettings, 'columns' | 'margin' | 'row_height'>,
): { width: number; height: number } {
  const col = columnWidth(gridWidth, settings);
  return {
    width: Math.max(0, Math.round(col * item.w + settings.margin * (item.w - 1))),
    height: Math.max(0, Math.round(settings.row_height * item.h + settings.margin * (item.h - 1))),
  };
}

/** The first free row below every item (where a new child lands). */
export function bottomRow(items: readonly Pick<LayoutItem, 'y' | 'h'>[]): number {
  return items.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
}

/** Same positions and sizes, whatever the order. */
export function sameLayout(a: readonly LayoutItem[], b: readonly LayoutItem[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((item) => [item.i, item]));
  return a.every((item) => {
    const other = byId.get(item.i);
    return other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}
