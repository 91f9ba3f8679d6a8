/** Depth-first order of a project's tree: parents before children, siblings by name. */
import { compareSiblings, nameSortKey } from '../shared';

interface TreeItem {
  id: string;
  name: string;
  parent_id: string | null;
}

/**
 * Orders the rows depth-first and counts each row's children, in O(n log n): one sort of all rows
 * by sibling order, then an iterative walk (no recursion, so a 10,000-deep chain is fine). A row whose
 * parent is not among the rows is treated as a root.
 */
export function depthFirst<T extends TreeItem>(
  rows: readonly T[],
): { ordered: T[]; childCounts: Map<string, number> } {
  const keyed = rows.map((row) => ({ row, id: row.id, name: row.name, key: nameSortKey(row.name) }));
  keyed.sort(compareSiblings);
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, T[]>();
  for (const { row } of keyed) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }
  const ordered: T[] = [];
  // The stack holds siblings in reverse so the first by name comes off first.
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const row = stack.pop() as T;
    ordered.push(row);
    const below = children.get(row.id);
    if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i] as T);
  }
  const childCounts = new Map<string, number>();
  for (const [parent, list] of children) if (parent !== null) childCounts.set(parent, list.length);
  return { ordered, childCounts };
}
