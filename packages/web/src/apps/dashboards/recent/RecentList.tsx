/**
 * The dashboards the caller opened most recently, newest first (GET /recent_dashboards), as cards
 * drawn in each dashboard's theme. Also the Home page's short list (`limit`).
 */
import type { RecentDashboardsResponse } from '@ferrite/contracts';
import { Badge, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { DateTime } from '../../../ui/time';
import { dashboardTheme } from '../../../widgets';
import type { OpenIntent } from '../detail/TrailSection';
import { ThemeMiniature } from '../new/ThemePicker';
import classes from './Recent.module.css';

type Recent = RecentDashboardsResponse['dashboards'][number];

interface RecentCardsProps {
  dashboards: readonly Recent[] | undefined;
  onOpen: (intent: OpenIntent) => void;
  limit?: number;
}

/** The cards (skeletons while loading). */
export function RecentCards({ dashboards, onOpen, limit }: RecentCardsProps) {
  if (!dashboards) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={190} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const shown = limit ? dashboards.slice(0, limit) : dashboards;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label="Recent dashboards">
      {shown.map((dashboard) => (
        <UnstyledButton
          key={dashboard.id}
          role="listitem"
          className={classes.card}
          data-recent-dashboard={dashboard.name}
          onClick={() => onOpen({ id: dashboard.id, name: dashboard.name })}
        >
          <ThemeMiniature theme={dashboardTheme(dashboard.theme)} />
          <div className={classes.body}>
            <Text fw={600} size="sm" truncate>
              {dashboard.name}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                Opened <DateTime value={dashboard.opened_at} relative />
              </Text>
              <Badge size="xs" variant="light" radius="sm">
                {dashboard.widget_count} widgets
              </Badge>
            </Group>
          </div>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
