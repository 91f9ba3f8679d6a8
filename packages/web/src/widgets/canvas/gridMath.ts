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

/** Smallest grid item, in grid units (a widget needs two rows for its title and something to show). */
export const MIN_ITEM_W = 1;
export const MIN_ITEM_H = 2;

/** What an arrow key asks of the focused item: move it one cell, or (with Shift) grow or shrink it by one. */
export interface GridKeyStep {
  kind: 'move' | 'resize';
  dx: -1 | 0 | 1;
  dy: -1 | 0 | 1;
}

const ARROWS: Record<string, { dx: -1 | 0 | 1; dy: -1 | 0 | 1 }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The step a key press asks for: arrows move, Shift+arrows resize; anything else is not ours. */
export function gridKeyStep(event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): GridKeyStep | null {
  const arrow = ARROWS[event.key];
  if (!arrow || event.altKey || event.ctrlKey || event.metaKey) return null;
  return { kind: event.shiftKey ? 'resize' : 'move', ...arrow };
}

/** The compaction of a grid, as react-grid-layout's compactors describe it. */
export interface GridCompaction {
  /** 'vertical' pulls items up, 'horizontal' left, null leaves them where they are put. */
  type: 'vertical' | 'horizontal' | (string & {}) | null;
  compact(layout: LayoutItem[], cols: number): readonly LayoutItem[];
}

function overlaps(a: LayoutItem, b: LayoutItem): boolean {
  return a.i !== b.i && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function anyOverlap(layout: readonly LayoutItem[]): boolean {
  return layout.some((a, index) => layout.slice(index + 1).some((b) => overlaps(a, b)));
}

function plainItems(layout: readonly LayoutItem[]): LayoutItem[] {
  return layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** One key step's question: which item of which layout, and the grid's width and compaction. */
interface StepInput {
  layout: readonly LayoutItem[];
  item: LayoutItem;
  step: GridKeyStep;
  cols: number;
  compaction: GridCompaction;
}

/** The new layout, unless it overlaps anywhere or changes nothing. */
function acceptable(next: LayoutItem[], before: readonly LayoutItem[]): LayoutItem[] | null {
  return anyOverlap(next) || sameLayout(next, before) ? null : next;
}

/**
 * Compacts with `fixed` held in place (static), so the other items flow around it rather than push it,
 * then once more as the grid will draw it (so what is saved is what is shown).
 */
function compactAround(
  fixed: LayoutItem,
  others: readonly LayoutItem[],
  cols: number,
  compaction: GridCompaction,
): LayoutItem[] {
  const around = compaction.compact([{ ...fixed, static: true } as LayoutItem, ...plainItems(others)], cols);
  return plainItems(compaction.compact(plainItems(around), cols));
}

/**
 * Moves an item one cell in a direction, the way a keyboard user means it. Its new place never overlaps
 * another item: when the next cell is taken it goes on past the items in the way (so Down on a
 * vertically compacted grid drops it below its neighbour, and Up lifts it above, the compaction closing
 * the gap). A place the compaction would undo (Down into empty space on a vertical grid) does not count.
 * When no free place is left that way, a compacting grid takes the one-cell step and moves the items in
 * the way aside, as a drag does. Null when no move is possible (the grid's edge, or nothing changes).
 */
function moveStep({ layout, item, step, cols, compaction }: StepInput): LayoutItem[] | null {
  const others = layout.filter((other) => other.i !== item.i);
  // Past the edge the compaction pulls towards, a place is still worth trying: compaction brings it back
  // in, ahead of the items it jumped over.
  const minX = compaction.type === 'horizontal' && step.dx < 0 ? -item.w : 0;
  const minY = compaction.type === 'vertical' && step.dy < 0 ? -item.h : 0;
  const maxY = bottomRow(layout);
  const inGrid = (x: number, y: number, lowX: number, lowY: number) =>
    x >= lowX && x + item.w <= cols && y >= lowY && y <= maxY;
  let sawFreePlace = false;
  for (let k = 1; inGrid(item.x + step.dx * k, item.y + step.dy * k, minX, minY); k++) {
    const placed = { ...item, x: item.x + step.dx * k, y: item.y + step.dy * k };
    if (others.some((other) => overlaps(placed, other))) continue;
    sawFreePlace = true;
    const next = acceptable(plainItems(compaction.compact(plainItems([...others, placed]), cols)), layout);
    if (next) return next;
  }
  // Free places the compaction undid mean the grid keeps the item where it is.
  const pushed = { ...item, x: item.x + step.dx, y: item.y + step.dy };
  if (sawFreePlace || compaction.type === null || !inGrid(pushed.x, pushed.y, 0, 0)) return null;
  return acceptable(compactAround(pushed, others, cols, compaction), layout);
}

/**
 * Grows or shrinks an item by one cell (right and down edges), within the grid and the smallest size.
 * The item keeps its place and the compaction moves the others out of its way; on a grid without
 * compaction a size that would cover another item is refused. Null when nothing can change.
 */
function resizeStep({ layout, item, step, cols, compaction }: StepInput): LayoutItem[] | null {
  const w = item.w + step.dx;
  const h = item.h + step.dy;
  if (w < MIN_ITEM_W || h < MIN_ITEM_H || item.x + w > cols) return null;
  const sized = { ...item, w, h };
  const others = layout.filter((other) => other.i !== item.i);
  if (compaction.type === null && others.some((other) => overlaps(sized, other))) return null;
  // The others flow around the resized item rather than push it.
  return acceptable(compactAround(sized, others, cols, compaction), layout);
}

/** The grid's layout after a key step on item `id`, or null when the step cannot be taken. */
export function applyGridKeyStep(
  layout: readonly LayoutItem[],
  id: string,
  step: GridKeyStep,
  grid: { cols: number; compaction: GridCompaction },
): LayoutItem[] | null {
  const item = layout.find((candidate) => candidate.i === id);
  if (!item) return null;
  const input = { layout, item, step, cols: grid.cols, compaction: grid.compaction };
  return step.kind === 'move' ? moveStep(input) : resizeStep(input);
}

/** What a screen reader hears after a key step: the item's new place or size, or why nothing moved. */
export function gridKeyAnnouncement(step: GridKeyStep, after: LayoutItem | null): string {
  const direction = step.dx < 0 ? 'left' : step.dx > 0 ? 'right' : step.dy < 0 ? 'up' : 'down';
  if (!after) {
    if (step.kind === 'move') return `Cannot move ${direction}`;
    const change = { left: 'narrower', right: 'wider', up: 'shorter', down: 'taller' }[direction];
    return `Cannot make it ${change}`;
  }
  return step.kind === 'move'
    ? `Moved to column ${after.x + 1}, row ${after.y + 1}`
    : `Resized to ${after.w} ${after.w === 1 ? 'column' : 'columns'} wide, ${after.h} rows high`;
}
