/** The read-only blocks of an entity's detail: path, facts, metadata, parameters and direct children. */
import type { Entity, HierarchyNode } from '@ferrite/contracts';
import {
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Group,
  Paper,
  SimpleGrid,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBox,
  IconChevronRight,
  IconHome,
  IconMapPin,
  IconSun,
  IconTemperature,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateTime } from '../../../ui/time';
import { formatLatLng, initials, plural } from '../common/format';
import { DATA_TYPE_LABELS, formatValue } from '../values';
import classes from './Entities.module.css';

/** Project › ancestors › the entity; earlier steps select that ancestor. */
export function PathCrumbs({
  entity,
  projectName,
  onSelect,
}: {
  entity: Entity;
  projectName: string;
  onSelect: (id: string) => void;
}) {
  return (
    <nav aria-label="Hierarchy path">
      <Breadcrumbs separator={<IconChevronRight size={12} />} separatorMargin={4} className={classes.path}>
        <Text size="xs" c="dimmed">
          {projectName}
        </Text>
        {entity.hierarchy.map((step) => (
          <Anchor key={step.id} size="xs" component="button" type="button" onClick={() => onSelect(step.id)}>
            {step.name}
          </Anchor>
        ))}
        <Text size="xs" fw={600}>
          {entity.name}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text className={classes.factLabel}>{label}</Text>
      <div className={classes.factValue}>{children}</div>
    </div>
  );
}

/** The entity's key facts in a grid. */
export function Facts({ entity, descendants }: { entity: Entity; descendants: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <Fact label="Type">
        <Text size="sm" fw={500}>
          {entity.type.name}
        </Text>
      </Fact>
      <Fact label="Caretakers">
        {entity.caretakers.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody assigned
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Avatar.Group spacing="xs">
              {entity.caretakers.slice(0, 3).map((person) => (
                <Tooltip key={person.id} label={`${person.name} · ${person.email}`} withArrow>
                  <Avatar size={24} radius="xl" color="initials" name={person.name}>
                    {initials(person.name)}
                  </Avatar>
                </Tooltip>
              ))}
            </Avatar.Group>
            <Text size="sm" truncate>
              {entity.caretakers.map((person) => person.name).join(', ')}
            </Text>
          </Group>
        )}
      </Fact>
      <Fact label="Location">
        {entity.location ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} color="var(--mantine-color-teal-6)" />
            <Text size="sm" className={classes.mono}>
              {formatLatLng(entity.location.latitude, entity.location.longitude)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not placed on the map
          </Text>
        )}
      </Fact>
      {entity.kind === 'sensor' ? (
        <Fact label="Position">
          <Badge
            variant="light"
            color={entity.position === 'outdoor' ? 'yellow' : 'indigo'}
            leftSection={entity.position === 'outdoor' ? <IconSun size={12} /> : <IconHome size={12} />}
            tt="none"
          >
            {entity.position === 'outdoor' ? 'Outdoor' : 'Indoor'}
          </Badge>
        </Fact>
      ) : (
        <Fact label="Beneath it">
          <Text size="sm">
            {plural(entity.child_count, 'direct child', 'direct children')}
            {descendants > entity.child_count ? ` · ${plural(descendants, 'in all', 'in all')}` : ''}
          </Text>
        </Fact>
      )}
      <Fact label="Created">
        <Text size="sm">
          <DateTime value={entity.created_at} withTime />
        </Text>
      </Fact>
    </SimpleGrid>
  );
}

/** A titled card around one block of the detail. */
export function DetailCard({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" className={classes.card}>
      <Group justify="space-between" className={classes.cardHead} wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {aside}
      </Group>
      <div className={classes.cardBody}>{children}</div>
    </Paper>
  );
}

/** Metadata values, typed per data type (numbers grouped, booleans Yes/No, empties dashed). */
export function MetadataTable({ entity }: { entity: Entity }) {
  if (entity.metadata.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        The type “{entity.type.name}” defines no metadata fields.
      </Text>
    );
  }
  return (
    <Table className={classes.table} verticalSpacing={6} data-testid="metadata-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Key</Table.Th>
          <Table.Th>Value</Table.Th>
          <Table.Th w={110}>Data type</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entity.metadata.map((entry) => (
          <Table.Tr key={entry.key} data-metadata-key={entry.key}>
            <Table.Td className={classes.mono}>{entry.key}</Table.Td>
            <Table.Td>
              {entry.data_type === 'boolean' && entry.value ? (
                <Badge size="sm" variant="light" color={entry.value === 'true' ? 'teal' : 'gray'} tt="none">
                  {formatValue('boolean', entry.value)}
                </Badge>
              ) : (
                <Text
                  size="sm"
                  c={entry.value.trim() ? undefined : 'dimmed'}
                  className={entry.data_type === 'string' ? undefined : classes.num}
                >
                  {formatValue(entry.data_type, entry.value, entry.unit)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {DATA_TYPE_LABELS[entry.data_type]}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The parameters an entity reports, from its type. */
export function ParametersTable({ entity }: { entity: Entity }) {
  if (entity.parameters.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        The type defines no parameters.
      </Text>
    );
  }
  return (
    <Table className={classes.table} verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Parameter</Table.Th>
          <Table.Th w={120}>Data type</Table.Th>
          <Table.Th w={90}>Unit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entity.parameters.map((parameter) => (
          <Table.Tr key={parameter.key}>
            <Table.Td className={classes.mono}>{parameter.key}</Table.Td>
            <Table.Td>{DATA_TYPE_LABELS[parameter.data_type]}</Table.Td>
            <Table.Td>{parameter.unit || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const CHILDREN_SHOWN = 12;

/** The asset's direct children as quick links into the tree. */
export function ChildrenList({
  nodes,
  onSelect,
}: {
  nodes: readonly HierarchyNode[];
  onSelect: (id: string) => void;
}) {
  if (nodes.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        Nothing beneath this asset yet.
      </Text>
    );
  }
  return (
    <div className={classes.children}>
      {nodes.slice(0, CHILDREN_SHOWN).map((node) => {
        const Icon = node.kind === 'asset' ? IconBox : IconTemperature;
        return (
          <UnstyledButton
            key={node.id}
            className={classes.child}
            onClick={() => onSelect(node.id)}
            data-child-id={node.id}
          >
            <Icon size={16} color={`var(--mantine-color-${node.kind === 'asset' ? 'teal' : 'orange'}-6)`} />
            <Text size="sm" fw={500} truncate>
              {node.name}
            </Text>
            <Text size="xs" c="dimmed" ml="auto" truncate>
              {node.type_name}
            </Text>
          </UnstyledButton>
        );
      })}
      {nodes.length > CHILDREN_SHOWN && (
        <Text size="xs" c="dimmed" px="md" py={6}>
          and {plural(nodes.length - CHILDREN_SHOWN, 'more')} in the tree
        </Text>
      )}
    </div>
  );
}
