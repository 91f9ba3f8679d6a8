/**
 * The project's sensors (or assets) as a paged list in the side pane: the kind's list store page
 * (spec §4: inserts show first on page 1, deletes lower the total), with search.
 */
import type { EntityKind } from '@ferrite/contracts';
import {
  Button,
  CloseButton,
  Group,
  Pagination,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBox, IconMapPin, IconRefresh, IconSearch, IconTemperature } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useEntityList } from '../hooks';
import classes from './Entities.module.css';

interface EntityListPaneProps {
  kind: EntityKind;
  projectId: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The list pane; a row selects the entity, whose detail shows beside it. */
export function EntityListPane({ kind, projectId, selectedId, onSelect }: EntityListPaneProps) {
  const { list, loading, error, refetch, setSearch, setPage } = useEntityList(kind, projectId);
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), 300);
  useEffect(() => setSearch(settled), [settled, setSearch]);
  const word = kind === 'asset' ? 'assets' : 'sensors';
  const Icon = kind === 'asset' ? IconBox : IconTemperature;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const from = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const to = Math.min(list.total, from + Math.max(list.items.length, 1) - 1);

  return (
    <>
      <div
        style={{ padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md) var(--mantine-spacing-xs)' }}
      >
        <TextInput
          size="xs"
          type="search"
          placeholder={`Search ${word}`}
          aria-label={`Search ${word}`}
          leftSection={<IconSearch size={14} />}
          rightSection={
            text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText('')} /> : null
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" data-testid="entity-list" data-kind={kind}>
        {error ? (
          <Stack align="center" gap="xs" p="lg">
            <Text size="sm" fw={600}>
              {error.title}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {error.detail}
            </Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={refetch}>
              Try again
            </Button>
          </Stack>
        ) : loading ? (
          <Stack gap={14} p="md">
            {[64, 48, 72, 56, 40].map((w) => (
              <Skeleton key={w} height={14} width={`${w}%`} radius="sm" />
            ))}
          </Stack>
        ) : list.items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" p="lg">
            {settled ? `No ${kind} matches “${settled}”.` : `No ${word} in this project yet.`}
          </Text>
        ) : (
          list.items.map((entity) => (
            <UnstyledButton
              key={entity.id}
              className={classes.listRow}
              data-selected={entity.id === selectedId || undefined}
              data-row-key={entity.id}
              onClick={() => onSelect(entity.id)}
            >
              <Icon
                size={18}
                stroke={1.6}
                color={`var(--mantine-color-${kind === 'asset' ? 'teal' : 'orange'}-6)`}
              />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} truncate>
                  {entity.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {entity.type.name}
                  {entity.hierarchy.length > 0
                    ? ` · in ${entity.hierarchy
                        .map((step) => step.name)
                        .slice(-2)
                        .join(' › ')}`
                    : ' · top level'}
                </Text>
              </div>
              {entity.location && (
                <Tooltip label="Placed on the map" withArrow>
                  <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-label="Placed on the map" />
                </Tooltip>
              )}
            </UnstyledButton>
          ))
        )}
      </ScrollArea>
      <Group className={classes.listFoot} justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="entity-list-range">
          {list.total === 0 ? `No ${word}` : `${from}–${to} of ${list.total.toLocaleString('en')}`}
        </Text>
        {pages > 1 && (
          <Pagination
            size="xs"
            total={pages}
            value={Math.min(list.page, pages)}
            onChange={setPage}
            siblings={0}
            boundaries={1}
          />
        )}
      </Group>
    </>
  );
}
