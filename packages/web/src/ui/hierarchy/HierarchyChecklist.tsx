/**
 * Usage — pick entities of a project's hierarchy by ticking them in its tree (Role Manager's user
 * assets; any form that chooses entities instead of typing ids):
 *
 *   <HierarchyChecklist nodes={hierarchy.nodes} selected={ids} onChange={setIds} label="Assets" />
 *
 * Nodes are the hierarchy route's depth-first answer (./treeModel); branches start expanded to the
 * first level, a search shows the matches with their ancestors.
 */
import type { HierarchyNode } from '@ferrite/contracts';
import { ActionIcon, Checkbox, ScrollArea, Text, TextInput } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { type CSSProperties, useMemo, useState } from 'react';
import classes from './HierarchyChecklist.module.css';
import { buildTreeIndex, filterRows, hasChildren, visibleRows } from './treeModel';

interface HierarchyChecklistProps {
  nodes: readonly HierarchyNode[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Names the list for assistive technology. */
  label: string;
  /** Height of the scrolling list in pixels. */
  height?: number;
}

/** A searchable, collapsible tree of checkboxes over a project's hierarchy. */
export function HierarchyChecklist({
  nodes,
  selected,
  onChange,
  label,
  height = 260,
}: HierarchyChecklistProps) {
  const index = useMemo(() => buildTreeIndex(nodes), [nodes]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(nodes.filter((n) => n.depth === 0).map((n) => n.id)),
  );
  const [search, setSearch] = useState('');
  const filter = useMemo(() => filterRows(index, search), [index, search]);
  const rows = search.trim() ? filter.rows : visibleRows(index, expanded);
  const chosen = new Set(selected);

  const toggleOpen = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };
  const toggleChosen = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((value) => value !== id));

  return (
    <div className={classes.frame}>
      <TextInput
        size="xs"
        placeholder="Search by name or type"
        aria-label={`Search ${label.toLowerCase()}`}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        className={classes.search}
      />
      <ScrollArea.Autosize mah={height} type="auto">
        <ul className={classes.list} aria-label={label}>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed" p="sm" component="li">
              {search.trim()
                ? `Nothing matches “${search.trim()}”.`
                : 'This project has nothing to pick yet.'}
            </Text>
          )}
          {rows.map((i) => {
            const node = index.nodes[i] as HierarchyNode;
            const branch = hasChildren(index, i);
            const open = Boolean(search.trim()) || expanded.has(node.id);
            return (
              <li
                key={node.id}
                data-depth={node.depth}
                className={classes.row}
                style={{ '--depth': node.depth } as CSSProperties}
              >
                {branch ? (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
                    aria-expanded={open}
                    onClick={() => toggleOpen(node.id)}
                    disabled={Boolean(search.trim())}
                    className={classes.twisty}
                    data-open={open || undefined}
                  >
                    <IconChevronRight size={14} />
                  </ActionIcon>
                ) : (
                  <span className={classes.spacer} />
                )}
                <Checkbox
                  size="xs"
                  checked={chosen.has(node.id)}
                  onChange={(event) => toggleChosen(node.id, event.currentTarget.checked)}
                  label={
                    <span className={classes.label}>
                      <span className={filter.matches.has(node.id) ? classes.match : undefined}>
                        {node.name}
                      </span>
                      <Text span size="xs" c="dimmed">
                        {node.type_name}
                      </Text>
                    </span>
                  }
                  classNames={{ body: classes.checkBody }}
                />
              </li>
            );
          })}
        </ul>
      </ScrollArea.Autosize>
    </div>
  );
}
