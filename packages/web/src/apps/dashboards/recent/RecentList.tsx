/**
 * The dashboards the caller opened most recently, newest first (GET /recent_dashboards), as cards
 * drawn in each dashboard's theme. Also the Home page's short list (`limit`).
 */
import type { RecentDashboardsResponse } from '@ferrite/contracts';
import { Badge, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { dashboardTheme } from '../canvas/dashboardTheme';
import type { OpenIntent } from '../detail/TrailSection';
import { ThemeMiniature } from '../new/ThemePicker';
import classes from './Recent.module.css';

type Recent = RecentDashboardsResponse['dashboards'][number];

/** '5 minutes ago', 'yesterday', or the date. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(then).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

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
                Opened {relativeTime(dashboard.opened_at)}
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
