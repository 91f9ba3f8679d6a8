/**
 * The asset and sensor type lists (spec §2 "asset and sensor type lists"), one tab per kind with its
 * total; each tab is the kind's list store page. Opening a type shows the editor drawer.
 */
import type { EntityKind, EntityType } from '@ferrite/contracts';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconBox, IconPencil, IconPlus, IconTemperature, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { type ListColumn, ListPage, type RowAction } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListEntityTypesQuery } from '../api/typesApi';
import { plural } from '../common/format';
import { useCan, useOrgId, useTypesList } from '../hooks';
import { selectEntityManager, typeKindChanged } from '../store';
import { TypeEditor } from './TypeEditor';
import { useDeleteType } from './useTypeActions';

const TITLES: Record<EntityKind, string> = { asset: 'Asset type', sensor: 'Sensor type' };

function FieldCounts({ type }: { type: EntityType }) {
  const { metadata_fields: metadata, properties, parameters } = type.effective;
  const own = type.metadata_fields.length + type.properties.length + type.parameters.length;
  const inherited = metadata.length + properties.length + parameters.length - own;
  return (
    <Tooltip
      label={inherited > 0 ? `${inherited} inherited from ${type.parent_type?.name}` : 'All defined here'}
      withArrow
    >
      <Group gap={4} wrap="nowrap">
        <Badge size="sm" variant="light" color="blue" radius="sm" tt="none">
          {plural(metadata.length, 'field')}
        </Badge>
        <Badge size="sm" variant="light" color="grape" radius="sm" tt="none">
          {plural(properties.length, 'property', 'properties')}
        </Badge>
        <Badge size="sm" variant="light" color="orange" radius="sm" tt="none">
          {plural(parameters.length, 'parameter')}
        </Badge>
      </Group>
    </Tooltip>
  );
}

const COLUMNS: ListColumn<EntityType>[] = [
  {
    key: 'name',
    header: 'Type',
    render: (type) => (
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {type.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {type.description || 'No description'}
        </Text>
      </div>
    ),
  },
  {
    key: 'parent',
    header: 'Inherits from',
    width: '16%',
    render: (type) =>
      type.parent_type ? (
        <Text size="sm">{type.parent_type.name}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'fields', header: 'Fields', width: 300, render: (type) => <FieldCounts type={type} /> },
  {
    key: 'usage',
    header: 'In use',
    width: 110,
    render: (type) => (
      <Text size="sm" c={type.usage_count ? undefined : 'dimmed'}>
        {plural(type.usage_count, 'entity', 'entities')}
      </Text>
    ),
  },
  {
    key: 'created',
    header: 'Created',
    width: 140,
    render: (type) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={type.created_at} />
      </Text>
    ),
  },
];

/** The types page (the Settings section, also reached from Home). */
export function TypesSection() {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const kind = useAppSelector((state) => selectEntityManager(state).typeKind);
  const other: EntityKind = kind === 'asset' ? 'sensor' : 'asset';
  const { list, loading, error, refetch, search, setSearch, setPage } = useTypesList(kind);
  const otherTotal = useListEntityTypesQuery({ orgId, kind: other, page: 1, pageSize: 1 }, { skip: !orgId })
    .data?.total_entries;
  const canManage = useCan()('manageTypes');
  const deleteType = useDeleteType();
  // The drawer keeps its type while it fades out; the counter gives every opening a fresh form.
  const [editing, setEditing] = useState<{ type: EntityType | null; opened: boolean; n: number }>({
    type: null,
    opened: false,
    n: 0,
  });
  const open = (type: EntityType | null) => setEditing((e) => ({ type, opened: true, n: e.n + 1 }));

  const counts = { [kind]: list.total, [other]: otherTotal } as Record<EntityKind, number | undefined>;
  const rowActions = (type: EntityType): RowAction[] =>
    canManage
      ? [
          { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => open(type) },
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: () => void deleteType(type),
          },
        ]
      : [{ label: 'View', icon: <IconPencil size={16} />, onClick: () => open(type) }];
  const newButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
      New {TITLES[kind].toLowerCase()}
    </Button>
  );

  return (
    <>
      <ListPage<EntityType>
        title="Asset and sensor types"
        description="Types decide which metadata, properties and parameters an asset or sensor carries; a type can inherit from another of its kind."
        tabs={[
          { value: 'asset', label: 'Asset types', count: counts.asset, icon: <IconBox size={16} /> },
          {
            value: 'sensor',
            label: 'Sensor types',
            count: counts.sensor,
            icon: <IconTemperature size={16} />,
          },
        ]}
        activeTab={kind}
        onTabChange={(value) => dispatch(typeKindChanged(value as EntityKind))}
        onSearch={setSearch}
        searchPlaceholder={`Search ${kind} types`}
        primaryAction={newButton}
        items={list.items}
        getKey={(type) => type.id}
        itemLabel={(type) => type.name}
        columns={COLUMNS}
        rowActions={rowActions}
        onOpen={open}
        selectedKey={editing.opened ? (editing.type?.id ?? undefined) : undefined}
        paging={{ page: list.page, pageSize: list.pageSize, total: list.total, onPageChange: setPage }}
        loading={loading}
        error={error && { title: error.title, detail: error.detail, onRetry: refetch }}
        empty={{
          title: search ? 'No matches' : `No ${kind} types yet`,
          message: search
            ? `No ${kind} type matches “${search}”.`
            : `Create a ${kind} type first: every ${kind} has one, and it decides the ${kind}'s fields.`,
          action: search ? undefined : newButton || undefined,
        }}
      />
      <TypeEditor
        key={editing.n}
        opened={editing.opened}
        kind={editing.type?.kind ?? kind}
        type={editing.type}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
      />
    </>
  );
}
