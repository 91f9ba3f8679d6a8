/** Home's two panels: chains that need a look (failing first) and the newest activity across projects. */
import { Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { DateTime } from '../../../ui/time';
import { KIND_LOOK } from '../activity/ActivityList';
import type { ChainInProject, StreamOverview } from '../api/overviewApi';
import { StatusBadge } from '../chains/StatusBadge';
import classes from './Home.module.css';

const ORDER = { failing: 0, running: 1, disabled: 2 } as const;

function Loading() {
  return (
    <Stack gap="sm">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={32} radius="md" />
      ))}
    </Stack>
  );
}

/** The chains, failing ones first; a row opens the chain. */
export function ChainsPanel({
  data,
  onOpen,
}: {
  data: StreamOverview | undefined;
  onOpen: (c: ChainInProject) => void;
}) {
  const chains = [...(data?.chains ?? [])]
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.updated_at.localeCompare(a.updated_at))
    .slice(0, 8);
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.panel}>
      <Text fw={650} mb="sm">
        Chains
      </Text>
      {!data ? (
        <Loading />
      ) : (
        <Stack gap={2}>
          {chains.map((chain) => (
            <UnstyledButton
              key={chain.id}
              className={classes.row}
              onClick={() => onOpen(chain)}
              data-home-chain={chain.name}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {chain.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {chain.project_name} · {chain.node_count} nodes · r{chain.revision}
                </Text>
              </div>
              <StatusBadge status={chain.status} />
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The newest deploys, rollbacks and errors. */
export function ActivityPanel({ data }: { data: StreamOverview | undefined }) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.panel}>
      <Text fw={650} mb="sm">
        Recent activity
      </Text>
      {!data ? (
        <Loading />
      ) : data.activity.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet: deploys, rollbacks and errors show here.
        </Text>
      ) : (
        <Stack gap="xs">
          {data.activity.map((entry) => (
            <Group key={entry.id} gap="sm" wrap="nowrap" align="flex-start">
              <Badge
                variant="light"
                color={KIND_LOOK[entry.kind].color}
                radius="sm"
                w={96}
                style={{ flex: 'none' }}
              >
                {KIND_LOOK[entry.kind].label}
              </Badge>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  <b>{entry.pipeline_name}</b>
                  {entry.detail ? ` — ${entry.detail}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  <DateTime value={entry.at} relative />
                  {entry.actor ? ` by ${entry.actor.name}` : ''}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
