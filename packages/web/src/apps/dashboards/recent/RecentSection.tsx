/** Recent: the dashboards the caller opened lately, under the Recent Dashboards trail. */
import { EmptyState, ScrollArea, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Breadcrumbs, TrailHeading } from '../../../ui/Breadcrumbs';
import { useRecentDashboardsQuery } from '../api/dashboardsApi';
import { type OpenIntent, TrailSection } from '../detail/TrailSection';
import { useErrorToast, useOrgId } from '../hooks';
import classes from './Recent.module.css';
import { RecentCards } from './RecentList';

function RecentPage({ onOpen }: { onOpen: (intent: OpenIntent) => void }) {
  const orgId = useOrgId();
  const query = useRecentDashboardsQuery({ orgId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  useErrorToast(query.error);
  const dashboards = query.data?.dashboards;
  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.page}>
        <Stack gap={2} mb="lg">
          <TrailHeading heading="Recent dashboards">
            <Breadcrumbs trail="recentDashboards" />
          </TrailHeading>
          <Text c="dimmed" size="sm">
            The dashboards you opened lately, newest first.
          </Text>
        </Stack>
        {dashboards && dashboards.length === 0 ? (
          <EmptyState
            mt="xl"
            variant="light"
            icon={<IconClockHour4 stroke={1.6} />}
            title="Nothing opened yet"
            description="Dashboards you open show here, so the ones you watch are one click away."
          />
        ) : (
          <RecentCards dashboards={query.error ? [] : dashboards} onOpen={onOpen} />
        )}
      </div>
    </ScrollArea>
  );
}

/** The section. */
export function RecentSection({ initial }: { initial?: OpenIntent }) {
  return (
    <TrailSection trail="recentDashboards" initial={initial}>
      {(open) => <RecentPage onOpen={open} />}
    </TrailSection>
  );
}
