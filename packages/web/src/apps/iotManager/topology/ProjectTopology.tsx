/** One project's topology page: its counts, a legend, and the picture; a gateway opens its detail. */
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconList, IconRefresh, IconRouter, IconTopologyStar3 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { TrailHeading } from '../../../ui/Breadcrumbs';
import { useGetTopologyQuery } from '../api/gatewaysApi';
import { plural } from '../common/format';
import { useLiveStatuses } from '../common/useLiveStatus';
import { useErrorToast, useOrgId } from '../hooks';
import type { TopologyGateway } from './layout';
import classes from './Topology.module.css';
import { TopologyView } from './TopologyView';

interface ProjectTopologyProps {
  projectId: string;
  projectName: string;
  breadcrumbs: ReactNode;
  onOpen: (gateway: TopologyGateway) => void;
  /** Shows the same project's gateway list. */
  onList: () => void;
}

/** The page. */
export function ProjectTopology({
  projectId,
  projectName,
  breadcrumbs,
  onOpen,
  onList,
}: ProjectTopologyProps) {
  const orgId = useOrgId();
  const query = useGetTopologyQuery({ orgId, projectId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  useErrorToast(query.error);
  const live = useLiveStatuses(projectId);
  const gateways = (query.data?.gateways ?? []).map(live.apply);
  const online = gateways.filter((g) => g.status === 'online').length;
  const sensors = new Set(gateways.flatMap((g) => g.sensors.map((s) => s.id))).size;
  const problem = query.error as ApiProblem | undefined;

  return (
    <div className={classes.page}>
      <div className={classes.header}>
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <TrailHeading heading={query.data?.project.name ?? projectName}>{breadcrumbs}</TrailHeading>
            {query.data && (
              <Group gap={6} wrap="nowrap">
                <Badge
                  variant="light"
                  color="gray"
                  radius="sm"
                  tt="none"
                  leftSection={<IconRouter size={12} />}
                >
                  {plural(gateways.length, 'gateway')}
                </Badge>
                <Badge variant="light" color="teal" radius="sm" tt="none" data-testid="topology-online">
                  {online} online
                </Badge>
                <Badge variant="light" color="orange" radius="sm" tt="none">
                  {plural(sensors, 'sensor')} fed
                </Badge>
              </Group>
            )}
          </Group>
          <Group gap="md" wrap="nowrap">
            <Group gap="md" visibleFrom="md">
              <span className={classes.legend}>
                <span className={classes.legendLine} />
                <Text size="xs" c="dimmed">
                  data flowing
                </Text>
              </span>
              <span className={classes.legend}>
                <span className={classes.legendLine} data-off />
                <Text size="xs" c="dimmed">
                  offline
                </Text>
              </span>
            </Group>
            <Button variant="default" leftSection={<IconList size={16} />} onClick={onList}>
              Gateway list
            </Button>
            <Tooltip label="Refresh" withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={query.refetch}
                aria-label="Refresh topology"
                loading={query.isFetching}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </div>
      <div className={classes.canvas}>
        <div className={classes.frame}>
          {problem && !query.data ? (
            <Center py={60}>
              <EmptyState
                variant="light"
                color="red"
                icon={<IconAlertTriangle stroke={1.6} />}
                title={problem.title}
                description={problem.detail}
                maw={440}
              />
            </Center>
          ) : !query.data ? (
            <Paper radius="lg" p="xl" withBorder>
              <Group align="center" gap={60} wrap="nowrap">
                <Skeleton height={96} width={190} radius="lg" />
                <div style={{ flex: 1 }}>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height={72} radius="lg" my={18} />
                  ))}
                </div>
                <div style={{ width: 240 }}>
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} height={40} radius="md" my={12} />
                  ))}
                </div>
              </Group>
            </Paper>
          ) : gateways.length === 0 ? (
            <Center py={60}>
              <EmptyState
                size="lg"
                variant="light"
                color="orange"
                icon={<IconTopologyStar3 stroke={1.6} />}
                title="No gateways in this project"
                description="Add a gateway in the Gateways section and map its payload onto sensors: it shows up here with lines to the sensors it feeds."
                maw={460}
              />
            </Center>
          ) : (
            <TopologyView projectName={query.data.project.name} gateways={gateways} onOpen={onOpen} />
          )}
        </div>
      </div>
    </div>
  );
}
