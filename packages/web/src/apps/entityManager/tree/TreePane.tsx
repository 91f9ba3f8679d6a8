/** The hierarchy pane: search (filters and reveals), expand/collapse all, counts, and the virtual tree. */
import type { HierarchyNode } from '@ferrite/contracts';
import { ActionIcon, CloseButton, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFoldDown, IconFoldUp, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { HierarchyTree } from './HierarchyTree';
import classes from './Tree.module.css';
import { useTreeState } from './useTreeState';

export interface TreePaneProps {
  nodes: readonly HierarchyNode[] | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onOpen?: (id: string) => void;
  onMove?: (sourceId: string, targetId: string) => void;
  /** Shown instead of the tree when the project holds nothing yet. */
  empty: ReactNode;
}

function TreeSkeleton() {
  return (
    <Stack gap={10} p="md" data-tree-state="loading">
      {[70, 55, 62, 48, 66, 40].map((width, row) => (
        <Skeleton key={width} height={14} width={`${width}%`} ml={(row % 3) * 18} radius="sm" />
      ))}
    </Stack>
  );
}

/** The pane; the tree keeps its own expansion, the caller owns the selection. */
export function TreePane(props: TreePaneProps) {
  if (!props.nodes) return <TreeSkeleton />;
  if (props.nodes.length === 0) return <div data-tree-state="empty">{props.empty}</div>;
  // Mounted once there are nodes, so the initial expansion (top level open) sees them.
  return <LoadedTree {...props} nodes={props.nodes} />;
}

function LoadedTree({
  nodes,
  selectedId,
  onSelect,
  onOpen,
  onMove,
}: TreePaneProps & { nodes: readonly HierarchyNode[] }) {
  const [text, setText] = useState('');
  // 10,000 names filter in a few ms, but not on every keystroke of a fast typist.
  const [search] = useDebouncedValue(text.trim(), 150);
  const tree = useTreeState(nodes, search, selectedId);
  const total = nodes.length;

  return (
    <div className={classes.pane}>
      <div className={classes.paneHead}>
        <Group gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            type="search"
            placeholder="Search the hierarchy"
            aria-label="Search the hierarchy"
            leftSection={<IconSearch size={14} />}
            rightSection={
              text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText('')} /> : null
            }
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text) {
                event.stopPropagation();
                setText('');
              }
            }}
            data-testid="tree-search"
          />
          <Tooltip label="Expand all" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Expand all"
              onClick={tree.expandAll}
              disabled={tree.searching}
            >
              <IconFoldDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Collapse all" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Collapse all"
              onClick={tree.collapseAll}
              disabled={tree.searching}
            >
              <IconFoldUp size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="xs" c="dimmed" mt={6} data-testid="tree-count">
          {tree.searching
            ? `${tree.matches.size.toLocaleString('en')} of ${total.toLocaleString('en')} match`
            : `${total.toLocaleString('en')} ${total === 1 ? 'entity' : 'entities'}`}
          {onMove && !tree.searching ? ' · drag onto an asset to move' : ''}
        </Text>
      </div>
      {tree.searching && tree.rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" p="lg" data-tree-state="no-match">
          Nothing matches “{search}”.
        </Text>
      ) : (
        <HierarchyTree
          tree={tree}
          label="Project hierarchy"
          selectedId={selectedId}
          onSelect={onSelect}
          onOpen={onOpen}
          onMove={onMove}
          needle={search.toLowerCase()}
        />
      )}
    </div>
  );
}
