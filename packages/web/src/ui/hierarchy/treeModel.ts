/**
 * The hierarchy tree as flat arrays, so 10,000 nodes cost one pass per change: the server sends nodes
 * depth-first (parents before children), which makes every subtree a contiguous slice. Collapsing a
 * node skips its slice; a search keeps the matches and their ancestors.
 */
import type { HierarchyNode } from '@ferrite/contracts';

export interface TreeIndex {
  nodes: readonly HierarchyNode[];
  /** Position of each id in `nodes`. */
  position: ReadonlyMap<string, number>;
  /** Position of each node's parent, -1 at the top level. */
  parent: Int32Array;
  /** One past the last descendant of each node: its subtree is nodes[i .. end[i]). */
  end: Int32Array;
}

/** Indexes depth-first nodes; parents and subtree ends come from the depths in one pass with a stack. */
export function buildTreeIndex(nodes: readonly HierarchyNode[]): TreeIndex {
  const count = nodes.length;
  const position = new Map<string, number>();
  const parent = new Int32Array(count).fill(-1);
  const end = new Int32Array(count);
  const open: number[] = [];
  for (let i = 0; i < count; i++) {
    const node = nodes[i] as HierarchyNode;
    position.set(node.id, i);
    // Every open node at this depth or deeper has ended: its slice stops here.
    while (open.length > 0 && (nodes[open[open.length - 1] as number] as HierarchyNode).depth >= node.depth) {
      end[open.pop() as number] = i;
    }
    parent[i] = open.length > 0 ? (open[open.length - 1] as number) : -1;
    open.push(i);
  }
  for (const i of open) end[i] = count;
  return { nodes, position, parent, end };
}

/** True when the node at `i` has anything beneath it. */
export const hasChildren = (index: TreeIndex, i: number) => (index.end[i] as number) > i + 1;

/** Positions of the rows on screen: every node whose ancestors are all expanded, in tree order. */
export function visibleRows(index: TreeIndex, expanded: ReadonlySet<string>): number[] {
  const rows: number[] = [];
  const count = index.nodes.length;
  for (let i = 0; i < count; ) {
    rows.push(i);
    const node = index.nodes[i] as HierarchyNode;
    i = hasChildren(index, i) && !expanded.has(node.id) ? (index.end[i] as number) : i + 1;
  }
  return rows;
}

export interface TreeFilter {
  /** Rows to show: the matches and every ancestor of one, in tree order, all shown expanded. */
  rows: number[];
  /** Ids whose name or type matched. */
  matches: ReadonlySet<string>;
}

/** The rows a search shows; matching is case-insensitive on the name and the type name. */
export function filterRows(index: TreeIndex, text: string): TreeFilter {
  const needle = text.trim().toLowerCase();
  const matches = new Set<string>();
  if (!needle) return { rows: [], matches };
  const keep = new Uint8Array(index.nodes.length);
  index.nodes.forEach((node, i) => {
    if (!node.name.toLowerCase().includes(needle) && !node.type_name.toLowerCase().includes(needle)) return;
    matches.add(node.id);
    // Walk up until an ancestor already kept: its own ancestors were marked by whoever kept it.
    for (let at = i; at >= 0 && !keep[at]; at = index.parent[at] as number) keep[at] = 1;
  });
  const rows: number[] = [];
  for (let i = 0; i < keep.length; i++) if (keep[i]) rows.push(i);
  return { rows, matches };
}

/** Ids of a node's ancestors, top level first (what must be expanded to reveal it). */
export function ancestorIds(index: TreeIndex, id: string): string[] {
  const ids: string[] = [];
  const at = index.position.get(id);
  if (at === undefined) return ids;
  for (let p = index.parent[at] as number; p >= 0; p = index.parent[p] as number) {
    ids.unshift((index.nodes[p] as HierarchyNode).id);
  }
  return ids;
}

/** Ids of every node that has children (expand all). */
export function branchIds(index: TreeIndex): string[] {
  return index.nodes.filter((_, i) => hasChildren(index, i)).map((node) => node.id);
}

export interface VirtualWindow {
  /** First row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
  /** Height of the whole list, so the scrollbar is true to it. */
  totalHeight: number;
}

/** The slice of fixed-height rows that covers the viewport, plus `overscan` rows either side. */
export function virtualWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): VirtualWindow {
  const totalHeight = count * rowHeight;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  return {
    start: Math.max(0, Math.min(count, first - overscan)),
    end: Math.min(count, last + overscan),
    totalHeight,
  };
}

/** The scrollTop that brings row `row` into view with the least movement (or the same one if visible). */
export function scrollToReveal(
  row: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return scrollTop;
}

/** What a key press does to the tree; keys it ignores answer null. */
export type TreeMove =
  | { type: 'select'; id: string }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'open'; id: string };

/**
 * The WAI-ARIA tree keys: up and down move along the rows, right expands or steps into the first
 * child, left collapses or steps out to the parent, Home and End jump, Enter opens the selected row.
 */
export function keyMove(
  index: TreeIndex,
  rows: readonly number[],
  selectedId: string | null,
  key: string,
  isExpanded: (id: string) => boolean,
): TreeMove | null {
  if (rows.length === 0) return null;
  const at = selectedId === null ? -1 : rows.indexOf(index.position.get(selectedId) ?? -1);
  const idAt = (row: number) => (index.nodes[rows[row] as number] as HierarchyNode).id;
  if (at < 0)
    return ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key) ? { type: 'select', id: idAt(0) } : null;
  const current = rows[at] as number;
  const id = idAt(at);
  switch (key) {
    case 'ArrowDown':
      return at + 1 < rows.length ? { type: 'select', id: idAt(at + 1) } : null;
    case 'ArrowUp':
      return at > 0 ? { type: 'select', id: idAt(at - 1) } : null;
    case 'Home':
      return { type: 'select', id: idAt(0) };
    case 'End':
      return { type: 'select', id: idAt(rows.length - 1) };
    case 'ArrowRight':
      if (!hasChildren(index, current)) return null;
      if (!isExpanded(id)) return { type: 'expand', id };
      // Expanded: the first child is the next row (a search shows only some children; take the next row).
      return at + 1 < rows.length && index.parent[rows[at + 1] as number] === current
        ? { type: 'select', id: idAt(at + 1) }
        : null;
    case 'ArrowLeft': {
      if (hasChildren(index, current) && isExpanded(id)) return { type: 'collapse', id };
      const parent = index.parent[current] as number;
      return parent >= 0 ? { type: 'select', id: (index.nodes[parent] as HierarchyNode).id } : null;
    }
    case 'Enter':
      return { type: 'open', id };
    default:
      return null;
  }
}
