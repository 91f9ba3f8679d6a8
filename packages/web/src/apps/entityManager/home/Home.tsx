/**
 * The Entity Manager home: how many asset types, sensor types and projects there are, the ways into
 * Sensors, Assets and the Entity Map, and into the type lists (which live in Settings).
 */
import { APPS, DEFAULT_PAGE_SIZE, type EntityKind } from '@ferrite/contracts';
import { Group, Paper, ScrollArea, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconBox,
  IconCategory,
  IconFolders,
  IconMap2,
  IconTemperature,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { useAppDispatch } from '../../../app/hooks';
import { NumberedSteps } from '../../../ui/NumberedSteps';
import { StatCard } from '../../../ui/StatCard';
import { AppTile } from '../../../workspace/AppTile';
import { useListEmProjectsQuery } from '../api/projectsApi';
import { useListEntityTypesQuery } from '../api/typesApi';
import { useOrgId } from '../hooks';
import { typeKindChanged } from '../store';
import classes from './Home.module.css';
import { EntryCard } from './HomeCards';

const STEPS = [
  [
    'Define types',
    'Asset types (site, line, machine) and sensor types with their metadata fields and parameters.',
  ],
  [
    'Build the hierarchy',
    'Add assets and sensors to a project by hand, or import a CSV or JSON file in one go.',
  ],
  ['Place it on the map', 'Entities with a latitude and longitude appear, clustered, on the Entity Map.'],
] as const;

/** The home section; `onNavigate` moves the window to another section. */
export function EntityHome({ onNavigate }: { onNavigate: (section: string) => void }) {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const peek = { orgId, page: 1, pageSize: 1 };
  const assetTypes = useListEntityTypesQuery({ ...peek, kind: 'asset' }, { skip: !orgId });
  const sensorTypes = useListEntityTypesQuery({ ...peek, kind: 'sensor' }, { skip: !orgId });
  const projects = useListEmProjectsQuery({ orgId, page: 1, pageSize: DEFAULT_PAGE_SIZE }, { skip: !orgId });
  const openTypes = (kind: EntityKind) => {
    dispatch(typeKindChanged(kind));
    onNavigate('settings');
  };
  // null when the call failed (e.g. projects need Role Manager view): a dash, not an endless skeleton.
  const countOf = (query: { data?: unknown; error?: unknown }, read: () => number | undefined) =>
    query.error ? null : read();

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash}>
        <div className={classes.page}>
          <Group gap="lg" wrap="nowrap" mb="xl">
            <AppTile appKey="entityManager" size={60} />
            <div>
              <Title order={2} className={classes.title}>
                {APPS.entityManager.title}
              </Title>
              <Text c="dimmed">{APPS.entityManager.description}</Text>
            </div>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <StatCard
              icon={IconCategory}
              color="teal"
              label="Asset types"
              value={countOf(assetTypes, () => assetTypes.data?.total_entries)}
              action="Manage asset types"
              onClick={() => openTypes('asset')}
              testId="stat-asset-types"
            />
            <StatCard
              icon={IconTopologyStar3}
              color="orange"
              label="Sensor types"
              value={countOf(sensorTypes, () => sensorTypes.data?.total_entries)}
              action="Manage sensor types"
              onClick={() => openTypes('sensor')}
              testId="stat-sensor-types"
            />
            <StatCard
              icon={IconFolders}
              color="indigo"
              label="Active projects"
              value={countOf(projects, () => projects.data?.counts.active)}
              action="Browse assets by project"
              onClick={() => onNavigate('assets')}
              testId="stat-projects"
            />
          </SimpleGrid>

          <Text className={classes.sectionLabel}>Go to</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <EntryCard
              section="sensors"
              icon={IconTemperature}
              color="orange"
              title="Sensors"
              description="Each project's sensors, their place in the hierarchy and their data."
              onClick={() => onNavigate('sensors')}
            />
            <EntryCard
              section="assets"
              icon={IconBox}
              color="teal"
              title="Assets"
              description="Build and browse a project's hierarchy: sites, lines, machines."
              onClick={() => onNavigate('assets')}
            />
            <EntryCard
              section="entityMap"
              icon={IconMap2}
              color="blue"
              title="Entity Map"
              description="Located assets and sensors of a project, clustered on a map."
              onClick={() => onNavigate('entityMap')}
            />
          </SimpleGrid>

          <Text className={classes.sectionLabel}>Getting started</Text>
          <Paper withBorder radius="lg" p="lg" className={classes.steps}>
            <NumberedSteps steps={STEPS} color="teal" columns={3} />
          </Paper>
        </div>
      </div>
    </ScrollArea>
  );
}
