/**
 * Stream Logic's home: what chains do at a glance — how many run, are disabled or fail across the
 * organization's projects — the chains that need a look, the newest activity, and "New chain". An
 * organization without chains sees how to start.
 */
import { APPS } from '@ferrite/contracts';
import { Button, Group, Paper, ScrollArea, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRoute2,
} from '@tabler/icons-react';
import { NumberedSteps } from '../../../ui/NumberedSteps';
import { StatCard } from '../../../ui/StatCard';
import { AppTile } from '../../../workspace/AppTile';
import { type ChainInProject, useStreamOverviewQuery } from '../api/overviewApi';
import { useOrgId } from '../hooks';
import classes from './Home.module.css';
import { ActivityPanel, ChainsPanel } from './HomePanels';

const STEPS = [
  ['Pick a source', 'A gateway, chosen sensors, every sensor of a type, or everything under an asset.'],
  ['Shape the stream', 'Filter, convert with a formula, average over a window, route with a switch.'],
  [
    'Act',
    'Write a virtual sensor, raise an alert, command a gateway or call a webhook. Deploy, then watch messages flow.',
  ],
] as const;

interface StreamHomeProps {
  onChains: () => void;
  onOpenChain: (chain: ChainInProject) => void;
}

/** The home section. */
export function StreamHome({ onChains, onOpenChain }: StreamHomeProps) {
  const orgId = useOrgId();
  const query = useStreamOverviewQuery({ orgId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  const data = query.data;
  const failed = Boolean(query.error) && !data;
  const count = (status: string) => (failed ? null : data?.chains.filter((c) => c.status === status).length);
  const none = data && data.chains.length === 0;
  const newChain = (
    <Button leftSection={<IconPlus size={16} />} onClick={onChains}>
      New chain
    </Button>
  );
  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash} data-app-home="streamLogic">
        <div className={classes.page}>
          <Group gap="lg" wrap="nowrap" mb="xl" justify="space-between">
            <Group gap="lg" wrap="nowrap">
              <AppTile appKey="streamLogic" size={60} />
              <div>
                <Title order={2} className={classes.title}>
                  {APPS.streamLogic.title}
                </Title>
                <Text c="dimmed">
                  Turn live readings into decisions: filter, compute, aggregate and act, traced message by
                  message.
                </Text>
              </div>
            </Group>
            {newChain}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              icon={IconPlayerPlay}
              color="teal"
              label="Running"
              value={count('running')}
              hint="Deployed and enabled"
              action="Open chains"
              onClick={onChains}
              testId="stat-running"
            />
            <StatCard
              icon={IconPlayerPause}
              color="gray"
              label="Disabled"
              value={count('disabled')}
              hint="Kept, not running"
              action="Open chains"
              onClick={onChains}
              testId="stat-disabled"
            />
            <StatCard
              icon={IconAlertTriangle}
              color="red"
              label="Failing"
              value={count('failing')}
              hint="A node failed in the last 15 minutes"
              highlight={Boolean(count('failing'))}
              action="Find them"
              onClick={onChains}
              testId="stat-failing"
            />
          </SimpleGrid>
          {none ? (
            <Paper withBorder radius="lg" p="xl" mt="lg" className={classes.panel} data-testid="home-empty">
              <Group gap="sm" mb="md">
                <IconRoute2 size={22} color="var(--mantine-color-pink-6)" />
                <Text fw={650}>No logic chains yet</Text>
              </Group>
              <NumberedSteps steps={STEPS} color="pink" />
              <Group mt="lg">{newChain}</Group>
            </Paper>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="lg">
              <ChainsPanel data={data} onOpen={onOpenChain} />
              <ActivityPanel data={data} />
            </SimpleGrid>
          )}
        </div>
      </div>
    </ScrollArea>
  );
}
