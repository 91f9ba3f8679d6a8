/**
 * The IoT Manager home: how many gateways the organization has and how many are online, each project's
 * fleet at a glance (opening straight into its gateways or topology), and the way to connect a device.
 */
import { APPS, type IotProject } from '@ferrite/contracts';
import {
  Button,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCpu,
  IconFolders,
  IconPlugConnected,
  IconPlugConnectedX,
  IconRouter,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { NumberedSteps } from '../../../ui/NumberedSteps';
import { StatCard } from '../../../ui/StatCard';
import { AppTile } from '../../../workspace/AppTile';
import { useListIotProjectsQuery } from '../api/gatewaysApi';
import { plural } from '../common/format';
import { type IotNavigate, rootTrail } from '../common/trail';
import { useOrgId } from '../hooks';
import classes from './Home.module.css';

const STEPS = [
  [
    'Add a gateway',
    'In Gateways, pick a project and create a gateway: MQTT, or HTTPS speaking HTTP or CoAP. Copy its access token.',
  ],
  ['Describe the payload', 'List its streaming parameters with the JSON path of each value in a reading.'],
  [
    'Map and watch',
    'Map each path onto a sensor parameter; readings show in the gateway log and on the sensor.',
  ],
] as const;

/** Projects shown in the fleet panel: the busiest first. */
const FLEET_ROWS = 8;

function FleetRow({ project, onNavigate }: { project: IotProject; onNavigate: IotNavigate }) {
  const { gateway_count: total, online_count: online } = project;
  const crumbs = [...rootTrail(), { label: project.name, id: project.id }];
  return (
    <div className={classes.fleetRow} data-fleet-project={project.name}>
      <UnstyledButton className={classes.fleetName} onClick={() => onNavigate('gateways', crumbs)}>
        <Text size="sm" fw={600} truncate>
          {project.name}
        </Text>
        <Text size="xs" c="dimmed">
          {plural(total, 'gateway')}
        </Text>
      </UnstyledButton>
      <div className={classes.fleetBar}>
        {/* One progressbar a screen reader names (the online share); the offline rest only draws. */}
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={total ? (online / total) * 100 : 0}
            color="teal"
            aria-label={`${project.name}: ${online} of ${total} gateways online`}
          />
          <Progress.Section
            value={total ? ((total - online) / total) * 100 : 0}
            color="gray.4"
            withAria={false}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed" mt={2}>
          {total === 0 ? 'no gateways yet' : `${online} online · ${total - online} offline`}
        </Text>
      </div>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconTopologyStar3 size={14} />}
        onClick={() => onNavigate('topology', crumbs)}
        aria-label={`Topology of ${project.name}`}
      >
        Topology
      </Button>
    </div>
  );
}

/** The home section. */
export function IotHome({ onNavigate }: { onNavigate: IotNavigate }) {
  const orgId = useOrgId();
  const query = useListIotProjectsQuery(
    { orgId, page: 1, pageSize: 200 },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const projects = query.data?.projects;
  const failed = Boolean(query.error) && !projects;
  const sum = (read: (p: IotProject) => number) =>
    failed ? null : projects?.reduce((total, p) => total + read(p), 0);
  const gateways = sum((p) => p.gateway_count);
  const online = sum((p) => p.online_count);
  const offline = gateways == null || online == null ? gateways : gateways - online;
  const busiest = [...(projects ?? [])]
    .sort((a, b) => b.gateway_count - a.gateway_count)
    .slice(0, FLEET_ROWS);

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash} data-app-home="iotManager">
        <div className={classes.page}>
          <Group gap="lg" wrap="nowrap" mb="xl">
            <AppTile appKey="iotManager" size={60} />
            <div>
              <Title order={2} className={classes.title}>
                {APPS.iotManager.title}
              </Title>
              <Text c="dimmed">{APPS.iotManager.description}</Text>
            </div>
          </Group>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              icon={IconRouter}
              color="orange"
              label="Gateways"
              value={gateways}
              hint={projects ? `Across ${plural(projects.length, 'project')}` : undefined}
              action="Manage gateways"
              onClick={() => onNavigate('gateways')}
              testId="stat-gateways"
            />
            <StatCard
              icon={IconPlugConnected}
              color="teal"
              label="Online"
              value={online}
              hint="Heard from within their timeout"
              action="See the topology"
              onClick={() => onNavigate('topology')}
              testId="stat-online"
            />
            <StatCard
              icon={IconPlugConnectedX}
              color="red"
              label="Offline"
              value={offline}
              hint="Silent past their timeout"
              highlight={Boolean(offline)}
              action="Find them"
              onClick={() => onNavigate('topology')}
              testId="stat-offline"
            />
            <StatCard
              icon={IconFolders}
              color="indigo"
              label="Projects"
              value={failed ? null : projects?.length}
              hint="Active projects of the organization"
              action="Browse projects"
              onClick={() => onNavigate('gateways')}
              testId="stat-projects"
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="lg">
            <Paper withBorder radius="lg" p="lg" className={classes.panel}>
              <Group justify="space-between" mb="md">
                <Text fw={650}>Fleet by project</Text>
                <Text size="xs" c="dimmed">
                  online / offline
                </Text>
              </Group>
              {!projects && !failed ? (
                <Stack gap="md">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height={34} radius="md" />
                  ))}
                </Stack>
              ) : busiest.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {failed
                    ? 'Projects could not be loaded.'
                    : 'No active projects yet. Create one in the Role Manager to add gateways to it.'}
                </Text>
              ) : (
                <Stack gap="sm">
                  {busiest.map((project) => (
                    <FleetRow key={project.id} project={project} onNavigate={onNavigate} />
                  ))}
                </Stack>
              )}
            </Paper>

            <Paper withBorder radius="lg" p="lg" className={classes.panel}>
              <Text fw={650} mb="md">
                Connect a device
              </Text>
              <NumberedSteps steps={STEPS} color="orange" />
              <Group mt="lg" gap="sm">
                <Button rightSection={<IconArrowRight size={16} />} onClick={() => onNavigate('gateways')}>
                  Open gateways
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCpu size={16} />}
                  onClick={() => onNavigate('settings')}
                >
                  Firmware library
                </Button>
              </Group>
            </Paper>
          </SimpleGrid>
        </div>
      </div>
    </ScrollArea>
  );
}
