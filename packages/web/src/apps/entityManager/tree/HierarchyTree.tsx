/**
 * The project's hierarchy as a virtualized tree (role=tree): only the rows in view are in the DOM, so
 * 10,000 nodes scroll as lightly as 10. One tab stop; arrow keys, Home/End and Enter per WAI-ARIA.
 * Rows can be dragged onto an asset to re-parent them (the caller confirms and asks the server).
 */
import type { HierarchyNode } from '@ferrite/contracts';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { type DragEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { hasChildren, keyMove, scrollToReveal, virtualWindow } from '../../../ui/hierarchy/treeModel';
import classes from './Tree.module.css';
import { ROW_HEIGHT, rowDomId, TreeRow } from './TreeRow';
import type { TreeState } from './useTreeState';

const DRAG_TYPE = 'application/x-ferrite-entity';
/** jsdom measures nothing; a plausible height keeps the first rows rendered there. */
const FALLBACK_HEIGHT = 480;

export interface HierarchyTreeProps {
  tree: TreeState;
  label: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Enter or double-click: show the entity's detail (and move focus there, if the caller wants). */
  onOpen?: (id: string) => void;
  /** Dropping `sourceId` onto asset `targetId`; absent when the caller may not move entities. */
  onMove?: (sourceId: string, targetId: string) => void;
  needle: string;
}

/** The virtual tree body; the pane around it holds the search and toolbar. */
export function HierarchyTree({
  tree,
  label,
  selectedId,
  onSelect,
  onOpen,
  onMove,
  needle,
}: HierarchyTreeProps) {
  const { index, rows, isExpanded, toggle, setExpanded, searching } = tree;
  const { ref: sizeRef, height } = useElementSize<HTMLDivElement>();
  const viewport = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, viewport);
  const [scrollTop, setScrollTop] = useState(0);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropId, setDropId] = useState<string | null>(null);

  const viewportHeight = height || FALLBACK_HEIGHT;
  const { start, end, totalHeight } = virtualWindow(scrollTop, viewportHeight, ROW_HEIGHT, rows.length);

  // Scroll to the selection only when it changes (not whenever rows change, which would fight the
  // user's own scrolling); it may take a render for the reveal to add its row, hence the pending ref.
  const pendingReveal = useRef<string | null>(selectedId);
  useEffect(() => {
    pendingReveal.current = selectedId;
  }, [selectedId]);
  useEffect(() => {
    const id = pendingReveal.current;
    const element = viewport.current;
    if (!id || !element) return;
    const row = rows.indexOf(index.position.get(id) ?? -1);
    if (row < 0) return;
    pendingReveal.current = null;
    const next = scrollToReveal(row, element.scrollTop, element.clientHeight || viewportHeight, ROW_HEIGHT);
    if (next !== element.scrollTop) {
      element.scrollTop = next;
      setScrollTop(next);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMove(index, rows, selectedId, event.key, isExpanded);
    if (!move) return;
    event.preventDefault();
    if (move.type === 'select') {
      pendingReveal.current = move.id;
      onSelect(move.id);
    } else if (move.type === 'open') onOpen?.(move.id);
    else if (searching) {
      // A search shows every kept row expanded; left steps out to the parent instead.
      const parent = index.parent[index.position.get(move.id) ?? -1];
      if (move.type === 'collapse' && parent !== undefined && parent >= 0) {
        onSelect((index.nodes[parent] as HierarchyNode).id);
      }
    } else setExpanded(move.id, move.type === 'expand');
  };

  const open = useCallback((id: string) => onOpen?.(id), [onOpen]);
  const onDragStart = useCallback((id: string, event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, id);
    event.dataTransfer.effectAllowed = 'move';
    setDragId(id);
  }, []);
  const onDragEnd = useCallback(() => {
    setDragId(null);
    setDropId(null);
  }, []);
  // Only assets hold entities; dropping on itself or on the current parent changes nothing.
  const accepts = useCallback(
    (target: HierarchyNode) => {
      if (!onMove || !dragId || target.kind !== 'asset' || target.id === dragId) return false;
      return index.nodes[index.position.get(dragId) ?? -1]?.parent_id !== target.id;
    },
    [onMove, dragId, index],
  );
  const onDragOver = useCallback(
    (target: HierarchyNode, event: DragEvent) => {
      if (!accepts(target)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropId(target.id);
    },
    [accepts],
  );
  const onDrop = useCallback(
    (target: HierarchyNode, event: DragEvent) => {
      event.preventDefault();
      const source = event.dataTransfer.getData(DRAG_TYPE) || dragId;
      setDragId(null);
      setDropId(null);
      if (source && accepts(target)) onMove?.(source, target.id);
    },
    [accepts, dragId, onMove],
  );

  const activeRendered =
    selectedId !== null && rows.slice(start, end).some((i) => index.nodes[i]?.id === selectedId);
  return (
    <div
      ref={ref}
      className={classes.viewport}
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeRendered && selectedId ? rowDomId(selectedId) : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onDragLeave={(event) => {
        if (event.target === event.currentTarget) setDropId(null);
      }}
      data-total-rows={rows.length}
      data-rendered-rows={end - start}
      data-testid="entity-tree"
    >
      <div className={classes.spacer} style={{ height: totalHeight }}>
        {rows.slice(start, end).map((position, offset) => {
          const node = index.nodes[position] as HierarchyNode;
          return (
            <TreeRow
              key={node.id}
              node={node}
              row={start + offset}
              branch={hasChildren(index, position)}
              expanded={isExpanded(node.id)}
              selected={node.id === selectedId}
              dropTarget={node.id === dropId}
              dragging={node.id === dragId}
              draggable={Boolean(onMove)}
              needle={needle}
              onSelect={onSelect}
              onOpen={open}
              onToggle={toggle}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onDragOver={onDragOver}
              onDrop={onDrop}
            />
          );
        })}
      </div>
    </div>
  );
}
