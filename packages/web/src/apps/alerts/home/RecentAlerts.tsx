/** What fired recently: each alert a row (severity, description, entity, time); a click opens its detail. */
import type { Alert } from '@ferrite/contracts';
import { Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { DateTime } from '../../../ui/time';
import { SeverityStripe, StatusBadge } from '../common/Badges';
import classes from './Home.module.css';

interface RecentAlertsProps {
  alerts: Alert[] | undefined;
  onOpen: (id: string) => void;
}

/** The recent list, skeletons while loading, a calm line when nothing fired. */
export function RecentAlerts({ alerts, onOpen }: RecentAlertsProps) {
  if (!alerts)
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  if (alerts.length === 0)
    return (
      <Stack align="center" gap={4} py="md">
        <IconMoodSmile size={28} color="var(--mantine-color-teal-6)" />
        <Text size="sm" c="dimmed">
          No alerts — everything is quiet
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2}>
      {alerts.map((alert) => (
        <UnstyledButton
          key={alert.id}
          className={classes.row}
          onClick={() => onOpen(alert.id)}
          data-recent-alert={alert.id}
        >
          <SeverityStripe severity={alert.severity} />
          <div className={classes.grow}>
            <Text size="sm" fw={600} truncate>
              {alert.alert_rule?.rule_name ?? alert.description}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {alert.entity ? `${alert.entity.name} · ${alert.entity.path}` : alert.description}
            </Text>
          </div>
          <StatusBadge status={alert.status} size="sm" />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={alert.time} relative />
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
