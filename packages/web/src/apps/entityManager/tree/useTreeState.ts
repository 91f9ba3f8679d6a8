/**
 * The tree's view state: which nodes are expanded, the rows that follows from it (or from a search),
 * and revealing the selected node (its ancestors expanded) when the selection comes from elsewhere.
 */
import type { HierarchyNode } from '@ferrite/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ancestorIds,
  branchIds,
  buildTreeIndex,
  filterRows,
  type TreeIndex,
  visibleRows,
} from '../../../ui/hierarchy/treeModel';

export interface TreeState {
  index: TreeIndex;
  /** Positions in index.nodes of the rows on screen, in order. */
  rows: number[];
  /** A search is active: rows are its matches and their ancestors, shown expanded. */
  searching: boolean;
  matches: ReadonlySet<string>;
  isExpanded: (id: string) => boolean;
  toggle: (id: string) => void;
  setExpanded: (id: string, open: boolean) => void;
  expandAll: () => void;
  collapseAll: () => void;
}

/** Top-level nodes start expanded, so a project opens showing its sites and their first level. */
function initialExpanded(nodes: readonly HierarchyNode[]): Set<string> {
  return new Set(nodes.filter((node) => node.depth === 0 && node.child_count > 0).map((node) => node.id));
}

/** The tree state for these nodes, the search text and the selected id. */
export function useTreeState(
  nodes: readonly HierarchyNode[],
  search: string,
  selectedId: string | null,
): TreeState {
  const index = useMemo(() => buildTreeIndex(nodes), [nodes]);
  const [expanded, setExpandedSet] = useState<Set<string>>(() => initialExpanded(nodes));

  // Reveal: a selection made elsewhere (list, map, detail breadcrumbs) expands the path to it.
  useEffect(() => {
    if (!selectedId) return;
    const path = ancestorIds(index, selectedId);
    setExpandedSet((current) => {
      if (path.every((id) => current.has(id))) return current;
      const next = new Set(current);
      for (const id of path) next.add(id);
      return next;
    });
  }, [index, selectedId]);

  const filter = useMemo(() => filterRows(index, search), [index, search]);
  const searching = search.trim() !== '';
  const rows = useMemo(
    () => (searching ? filter.rows : visibleRows(index, expanded)),
    [searching, filter, index, expanded],
  );

  const setExpanded = useCallback((id: string, open: boolean) => {
    setExpandedSet((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggle = useCallback(
    (id: string) =>
      setExpandedSet((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const isExpanded = useCallback((id: string) => searching || expanded.has(id), [searching, expanded]);
  const expandAll = useCallback(() => setExpandedSet(new Set(branchIds(index))), [index]);
  const collapseAll = useCallback(() => setExpandedSet(new Set()), []);

  return {
    index,
    rows,
    searching,
    matches: filter.matches,
    isExpanded,
    toggle,
    setExpanded,
    expandAll,
    collapseAll,
  };
}
