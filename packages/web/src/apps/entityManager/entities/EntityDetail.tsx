/** The detail panel of the selected asset or sensor, with its edit, add-child and delete actions. */
import type { Entity, HierarchyNode } from '@ferrite/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBox,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconTemperature,
  IconTrash,
} from '@tabler/icons-react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useGetEntityQuery } from '../api/entitiesApi';
import { plural } from '../common/format';
import { useOrgId } from '../hooks';
import {
  ChildrenList,
  DetailCard,
  Facts,
  MetadataTable,
  ParametersTable,
  PathCrumbs,
} from './DetailSections';
import classes from './Entities.module.css';
import { SensorData } from './SensorData';

export interface EntityDetailProps {
  projectId: string;
  projectName: string;
  node: HierarchyNode;
  childNodes: readonly HierarchyNode[];
  descendants: number;
  onSelect: (id: string) => void;
  onEdit: (entity: Entity) => void;
  onAddChild: (kind: 'asset' | 'sensor', parent: Entity) => void;
  onDelete: (entity: Entity) => void;
  can: { asset: boolean; sensor: boolean };
}

function DetailSkeleton() {
  return (
    <Stack gap="md" p="xl">
      <Skeleton height={12} width={220} />
      <Group gap="md">
        <Skeleton height={44} width={44} radius="md" />
        <Skeleton height={24} width={260} />
      </Group>
      <Skeleton height={110} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}

/** The panel; the node comes from the tree, the full entity from GET …/{id}. */
export function EntityDetail(props: EntityDetailProps) {
  const { projectId, projectName, node, childNodes, descendants, onSelect, can } = props;
  const orgId = useOrgId();
  const query = useGetEntityQuery({ orgId, projectId, kind: node.kind, id: node.id }, { skip: !orgId });
  // Keep showing the last answer while a refetch runs, but not another entity's.
  const entity = query.data?.id === node.id ? query.data : undefined;
  if (!entity) {
    const problem = query.error as ApiProblem | undefined;
    return problem ? (
      <Alert color="red" variant="light" m="xl" title={problem.title}>
        {problem.detail}
      </Alert>
    ) : (
      <DetailSkeleton />
    );
  }
  const isAsset = entity.kind === 'asset';
  const canManage = can[entity.kind];
  const Icon = isAsset ? IconBox : IconTemperature;

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.detail} data-testid="entity-detail" data-entity-id={entity.id}>
        <PathCrumbs entity={entity} projectName={projectName} onSelect={onSelect} />
        <Group justify="space-between" align="flex-start" wrap="nowrap" mt="xs" mb="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={46} radius="md" variant="light" color={isAsset ? 'teal' : 'orange'}>
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <Title order={3} className={classes.detailTitle} data-testid="detail-name">
                  {entity.name}
                </Title>
                <Badge variant="light" color={isAsset ? 'teal' : 'orange'} radius="sm">
                  {entity.kind}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {entity.description ||
                  `${entity.type.name}${isAsset ? ` · ${plural(entity.child_count, 'direct child', 'direct children')}` : ''}`}
              </Text>
            </div>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {isAsset && (can.asset || can.sensor) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                  >
                    Add
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>Under {entity.name}</Menu.Label>
                  {can.asset && (
                    <Menu.Item
                      leftSection={<IconBox size={16} />}
                      onClick={() => props.onAddChild('asset', entity)}
                    >
                      Child asset
                    </Menu.Item>
                  )}
                  {can.sensor && (
                    <Menu.Item
                      leftSection={<IconTemperature size={16} />}
                      onClick={() => props.onAddChild('sensor', entity)}
                    >
                      Sensor
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
            {canManage && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => props.onEdit(entity)}
                >
                  Edit
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => props.onDelete(entity)}
                >
                  Delete
                </Button>
              </>
            )}
          </Group>
        </Group>

        <Stack gap="md">
          <Facts entity={entity} descendants={descendants} />
          {!isAsset && <SensorData entity={entity} />}
          <DetailCard
            title="Metadata"
            aside={
              <Text size="xs" c="dimmed">
                from type {entity.type.name}
              </Text>
            }
          >
            <MetadataTable entity={entity} />
          </DetailCard>
          {(entity.parameters.length > 0 || !isAsset) && (
            <DetailCard title="Parameters">
              <ParametersTable entity={entity} />
            </DetailCard>
          )}
          {isAsset && (
            <DetailCard
              title="Beneath it"
              aside={
                <Text size="xs" c="dimmed">
                  {plural(childNodes.length, 'direct child', 'direct children')}
                </Text>
              }
            >
              <ChildrenList nodes={childNodes} onSelect={onSelect} />
            </DetailCard>
          )}
        </Stack>
      </div>
    </ScrollArea>
  );
}
