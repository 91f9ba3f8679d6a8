/** Open alerts by severity (one coloured card each, most severe first) and all alerts by status. */
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  type AlertSeverity,
  type AlertSummary,
  SEVERITY_COLORS,
} from '@ferrite/contracts';
import { Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { label, StatusBadge } from '../common/Badges';
import classes from './Home.module.css';

interface SeverityCardsProps {
  summary: AlertSummary | undefined;
  onSeverity: (severity: AlertSeverity) => void;
}

/** Five severity cards and a line of status counts; skeletons until the summary is in. */
export function SeverityCards({ summary, onSeverity }: SeverityCardsProps) {
  return (
    <div>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {ALERT_SEVERITIES.map((severity) => {
          const color = SEVERITY_COLORS[severity];
          const count = summary?.by_severity[severity];
          return (
            <UnstyledButton
              key={severity}
              className={classes.severityCard}
              data-severity-card={severity}
              aria-label={`${count ?? 0} open ${severity} alerts: open them in the inbox`}
              onClick={() => onSeverity(severity)}
              style={
                {
                  '--card-color': `var(--mantine-color-${color}-text)`,
                  '--card-color-bg': `var(--mantine-color-${color}-light)`,
                  '--card-color-border': `var(--mantine-color-${color}-light-hover)`,
                } as CSSProperties
              }
            >
              {/* Body text, not dimmed: the grey on a tinted card falls under 4.5:1. */}
              <Text size="xs" fw={600} tt="uppercase">
                {label(severity)}
              </Text>
              {summary ? (
                <div className={classes.severityCount}>{count ?? 0}</div>
              ) : (
                <Skeleton height={30} width={40} mt={2} />
              )}
              <Text size="xs">open</Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Group gap="md" mt="sm" aria-label="Alerts by status">
        {ALERT_STATUSES.map((status) => (
          <Group key={status} gap={6} wrap="nowrap">
            <StatusBadge status={status} />
            <Text size="sm" fw={600} data-status-count={status}>
              {summary ? (summary.by_status[status] ?? 0) : '…'}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
