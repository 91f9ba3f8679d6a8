/** One row of the virtual tree: indentation, chevron, kind icon, name (search match marked) and type. */
import type { HierarchyNode } from '@ferrite/contracts';
import { IconBox, IconChevronRight, IconTemperature } from '@tabler/icons-react';
import { type CSSProperties, type DragEvent, memo, type ReactNode } from 'react';
import classes from './Tree.module.css';

/** Fixed row height: the virtual window math depends on every row being exactly this tall. */
export const ROW_HEIGHT = 32;
const INDENT = 18;

/** The DOM id of a row, for aria-activedescendant. */
export const rowDomId = (id: string) => `em-tree-${id}`;

/** The name with the first case-insensitive occurrence of `needle` wrapped in <mark>. */
function highlight(name: string, needle: string): ReactNode {
  if (!needle) return name;
  const at = name.toLowerCase().indexOf(needle);
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark className={classes.mark}>{name.slice(at, at + needle.length)}</mark>
      {name.slice(at + needle.length)}
    </>
  );
}

export interface TreeRowProps {
  node: HierarchyNode;
  /** Row position in the visible list (sets its offset). */
  row: number;
  branch: boolean;
  expanded: boolean;
  selected: boolean;
  dropTarget: boolean;
  dragging: boolean;
  draggable: boolean;
  needle: string;
  onSelect: (id: string) => void;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  onDragStart: (id: string, event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (node: HierarchyNode, event: DragEvent) => void;
  onDrop: (node: HierarchyNode, event: DragEvent) => void;
}

/** Memoized: scrolling re-renders the window, and rows whose props are unchanged skip the work. */
export const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { node, row, branch, expanded, selected, dropTarget, dragging, draggable, needle } = props;
  const Icon = node.kind === 'asset' ? IconBox : IconTemperature;
  const style = {
    transform: `translateY(${row * ROW_HEIGHT}px)`,
    height: ROW_HEIGHT,
    paddingLeft: 8 + node.depth * INDENT,
    '--depth': node.depth,
  } as CSSProperties;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree (role=tree) handles every key for its rows.
    <div
      role="treeitem"
      // Focusable by script only: the tree is the one tab stop and points at rows with aria-activedescendant.
      tabIndex={-1}
      id={rowDomId(node.id)}
      className={classes.row}
      style={style}
      aria-level={node.depth + 1}
      aria-selected={selected}
      aria-expanded={branch ? expanded : undefined}
      data-node-id={node.id}
      data-kind={node.kind}
      data-selected={selected || undefined}
      data-drop-target={dropTarget || undefined}
      data-dragging={dragging || undefined}
      draggable={draggable}
      onClick={() => props.onSelect(node.id)}
      onDoubleClick={() => props.onOpen(node.id)}
      onDragStart={(event) => props.onDragStart(node.id, event)}
      onDragEnd={props.onDragEnd}
      onDragOver={(event) => props.onDragOver(node, event)}
      onDrop={(event) => props.onDrop(node, event)}
    >
      {branch ? (
        // A span, not a button: rows are not tab stops (the tree is one), and a click must not select.
        // biome-ignore lint/a11y/noStaticElementInteractions: the tree's arrow keys do the same.
        // biome-ignore lint/a11y/useKeyWithClickEvents: left and right arrows on the tree collapse and expand.
        <span
          className={classes.chevron}
          data-expanded={expanded || undefined}
          data-toggle
          onClick={(event) => {
            event.stopPropagation();
            props.onToggle(node.id);
          }}
        >
          <IconChevronRight size={14} stroke={2} />
        </span>
      ) : (
        <span className={classes.leaf} />
      )}
      <Icon
        size={16}
        stroke={1.7}
        className={classes.icon}
        color={`var(--mantine-color-${node.kind === 'asset' ? 'teal' : 'orange'}-6)`}
        aria-hidden
      />
      <span className={classes.name}>{highlight(node.name, needle)}</span>
      <span className={classes.type}>{node.type_name}</span>
    </div>
  );
});
