/** Rollouts with a progress bar each: which version, to which gateway, at which step, and the last message. */
import type { Rollout } from '@ferrite/contracts';
import { Badge, Group, Progress, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { formatRelative, useTimes } from '../../../ui/time';
import classes from './Firmware.module.css';

export const ROLLOUT_COLORS: Record<Rollout['status'], string> = {
  pending: 'gray',
  notified: 'blue',
  downloading: 'blue',
  installing: 'violet',
  succeeded: 'teal',
  failed: 'red',
  timed_out: 'orange',
};

/** Still moving: polled, and drawn striped and animated. */
export const ACTIVE_ROLLOUT: readonly Rollout['status'][] = [
  'pending',
  'notified',
  'downloading',
  'installing',
];

interface RolloutListProps {
  rollouts: Rollout[];
  /** 'gateway' names the version on each row; 'firmware' names the gateway. */
  by: 'gateway' | 'firmware';
  /** Side by side on wide pages. */
  columns?: 1 | 2;
}

/** The list; the caller shows its own empty state. */
export function RolloutList({ rollouts, by, columns = 1 }: RolloutListProps) {
  const times = useTimes();
  const now = new Date();
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="sm" data-testid="rollouts">
      {rollouts.map((rollout) => {
        const active = ACTIVE_ROLLOUT.includes(rollout.status);
        const done = rollout.status === 'succeeded';
        return (
          <div key={rollout.id} className={classes.rollout} data-rollout={rollout.status}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
              <Text size="sm" fw={600} truncate>
                {by === 'gateway' ? `Version ${rollout.firmware_version}` : rollout.gateway_name}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" className={classes.mono}>
                  {rollout.progress}%
                </Text>
                <Badge size="sm" radius="sm" variant="light" color={ROLLOUT_COLORS[rollout.status]} tt="none">
                  {rollout.status.replace('_', ' ')}
                </Badge>
              </Group>
            </Group>
            <Progress
              value={done ? 100 : rollout.progress}
              color={ROLLOUT_COLORS[rollout.status]}
              striped={active}
              animated={active}
              size="md"
              radius="xl"
              aria-label={`${by === 'gateway' ? rollout.firmware_version : rollout.gateway_name}: ${rollout.progress}%`}
            />
            <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {rollout.message || (by === 'firmware' ? `Version ${rollout.firmware_version}` : '')}
              </Text>
              <Tooltip label={`Updated ${times.dateTime(rollout.updated_at)}`} withArrow>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatRelative(rollout.updated_at, now)}
                </Text>
              </Tooltip>
            </Group>
          </div>
        );
      })}
    </SimpleGrid>
  );
}
