/**
 * The Dashboards home: how many dashboards there are (active, archived, shared with the caller), the
 * ones opened lately, and the ways to start.
 */
import { APPS } from '@ferrite/contracts';
import { Button, Center, EmptyState, Group, Paper, ScrollArea, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArrowRight,
  IconClockHour4,
  IconFolderOpen,
  IconLayoutDashboard,
  IconPlus,
  IconShare,
  IconUsers,
} from '@tabler/icons-react';
import { NumberedSteps } from '../../../ui/NumberedSteps';
import { StatCard } from '../../../ui/StatCard';
import { AppTile } from '../../../workspace/AppTile';
import { useListDashboardsQuery, useRecentDashboardsQuery } from '../api/dashboardsApi';
import type { OpenIntent } from '../detail/TrailSection';
import { useCan, useOrgId } from '../hooks';
import { RecentCards } from '../recent/RecentList';
import classes from './Home.module.css';

/** Moves to a section, optionally opening a dashboard there. */
export type DashNavigate = (section: string, open?: OpenIntent) => void;

const STEPS = [
  ['Pick a theme', 'New starts on a themes list; dark themes suit control rooms.'],
  [
    'Add widgets',
    'Charts, gauges, tables and controls from a catalogue of 200+ variants, bound to your sensors.',
  ],
  ['Share it', 'With colleagues by e-mail, or with anyone by a password link that can expire.'],
] as const;

/** The home section. */
export function DashboardsHome({ onNavigate }: { onNavigate: DashNavigate }) {
  const orgId = useOrgId();
  const options = { skip: !orgId, refetchOnMountOrArgChange: true };
  const all = useListDashboardsQuery({ orgId, tab: 'active', page: 1, pageSize: 1 }, options);
  const shared = useListDashboardsQuery(
    { orgId, tab: 'active', shared: true, page: 1, pageSize: 1 },
    options,
  );
  const recent = useRecentDashboardsQuery({ orgId }, options);
  const can = useCan(all.data?.abilities);
  const count = (query: typeof all, read: (counts: { active: number; archived: number }) => number) =>
    query.error && !query.data ? null : query.data ? read(query.data.counts) : undefined;
  const recentList = recent.error ? [] : recent.data?.dashboards;

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash} data-app-home="dashboards">
        <div className={classes.page}>
          <Group gap="lg" wrap="nowrap" mb="xl" justify="space-between">
            <Group gap="lg" wrap="nowrap">
              <AppTile appKey="dashboards" size={60} />
              <div>
                <Title order={2} className={classes.title}>
                  {APPS.dashboards.title}
                </Title>
                <Text c="dimmed">{APPS.dashboards.description}</Text>
              </div>
            </Group>
            {can('create') ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => onNavigate('new')}>
                New dashboard
              </Button>
            ) : null}
          </Group>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              icon={IconLayoutDashboard}
              color="blue"
              label="Dashboards"
              value={count(all, (c) => c.active)}
              hint="Active in the organization"
              action="Open the list"
              onClick={() => onNavigate('open')}
              testId="stat-dashboards"
            />
            <StatCard
              icon={IconArchive}
              color="gray"
              label="Archived"
              value={count(all, (c) => c.archived)}
              hint="Kept out of the way"
              action="See archived"
              onClick={() => onNavigate('open')}
              testId="stat-archived"
            />
            <StatCard
              icon={IconUsers}
              color="violet"
              label="Shared with me"
              value={count(shared, (c) => c.active)}
              hint="By colleagues, by e-mail"
              action="Open shared"
              onClick={() => onNavigate('share')}
              testId="stat-shared"
            />
            <StatCard
              icon={IconClockHour4}
              color="teal"
              label="Recent"
              value={recent.error ? null : recent.data?.dashboards.length}
              hint="Opened lately by you"
              action="Pick up where you left"
              onClick={() => onNavigate('recent')}
              testId="stat-recent"
            />
          </SimpleGrid>

          <div className={classes.columns}>
            <Paper withBorder radius="lg" p="lg" className={classes.panel}>
              <Group justify="space-between" mb="md">
                <Text fw={650}>Recently opened</Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  rightSection={<IconArrowRight size={14} />}
                  onClick={() => onNavigate('recent')}
                >
                  All recent
                </Button>
              </Group>
              {recentList && recentList.length === 0 ? (
                <Center mih={220}>
                  <EmptyState
                    variant="light"
                    color="teal"
                    icon={<IconClockHour4 stroke={1.6} />}
                    title="Nothing opened yet"
                    description="Dashboards you open show here, one click away."
                  >
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconFolderOpen size={14} />}
                      onClick={() => onNavigate('open')}
                    >
                      Browse dashboards
                    </Button>
                  </EmptyState>
                </Center>
              ) : (
                <RecentCards
                  dashboards={recentList}
                  limit={3}
                  onOpen={(open) => onNavigate('recent', open)}
                />
              )}
            </Paper>

            <Paper withBorder radius="lg" p="lg" className={classes.panel}>
              <Text fw={650} mb="md">
                Build a dashboard
              </Text>
              <NumberedSteps steps={STEPS} color="blue" />
              <Group mt="lg" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconFolderOpen size={16} />}
                  onClick={() => onNavigate('open')}
                >
                  Open
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconShare size={16} />}
                  onClick={() => onNavigate('share')}
                >
                  Share
                </Button>
              </Group>
            </Paper>
          </div>
        </div>
      </div>
    </ScrollArea>
  );
}
