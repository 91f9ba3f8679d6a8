/**
 * The palette: the node kinds from list_nodes by category, with search. A kind is dragged onto the
 * canvas, or added at the canvas's centre with a click or Enter (keyboard users).
 */
import { NODE_CATEGORIES, NODE_CATEGORY_LABELS, type NodeKind } from '@ferrite/contracts';
import { ScrollArea, Skeleton, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { nodeIcon } from './nodeIcons';
import classes from './Palette.module.css';

/** The drag payload's type: a node kind's `type`. */
export const PALETTE_MIME = 'application/x-ferrite-node-kind';

interface PaletteProps {
  kinds: NodeKind[] | undefined;
  onAdd: (kind: NodeKind) => void;
  disabled?: boolean;
}

/** The palette column. */
export function Palette({ kinds, onAdd, disabled }: PaletteProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const text = search.trim().toLowerCase();
    const shown = (kinds ?? []).filter(
      (k) => !text || k.name.toLowerCase().includes(text) || k.description.toLowerCase().includes(text),
    );
    return NODE_CATEGORIES.map((category) => ({
      category,
      kinds: shown.filter((k) => k.category === category),
    })).filter((g) => g.kinds.length > 0);
  }, [kinds, search]);
  return (
    <aside className={classes.palette} aria-label="Node palette">
      <div className={classes.search}>
        <TextInput
          size="xs"
          placeholder="Search nodes"
          aria-label="Search nodes"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </div>
      <ScrollArea className={classes.list} type="auto">
        {!kinds && (
          <Stack gap={6} p="sm">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
              <Skeleton key={i} h={34} radius="sm" />
            ))}
          </Stack>
        )}
        {kinds && groups.length === 0 && (
          <Text size="xs" c="dimmed" p="sm">
            No node matches “{search}”.
          </Text>
        )}
        {groups.map((group) => (
          <section key={group.category} className={classes.group}>
            <Text className={classes.groupTitle}>{NODE_CATEGORY_LABELS[group.category]}</Text>
            {group.kinds.map((kind) => {
              const Icon = nodeIcon(kind.logo);
              return (
                <Tooltip
                  key={kind.type}
                  label={kind.description}
                  position="right"
                  multiline
                  w={240}
                  openDelay={400}
                >
                  <UnstyledButton
                    className={classes.item}
                    draggable={!disabled}
                    disabled={disabled}
                    data-kind={kind.type}
                    aria-label={`Add ${kind.name}`}
                    onDragStart={(e) => {
                      e.dataTransfer.setData(PALETTE_MIME, kind.type);
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onClick={() => onAdd(kind)}
                  >
                    <span className={classes.swatch} style={{ background: kind.node_color }}>
                      <Icon size={14} stroke={2} color="#fff" />
                    </span>
                    <span className={classes.name}>{kind.name}</span>
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </section>
        ))}
      </ScrollArea>
    </aside>
  );
}
