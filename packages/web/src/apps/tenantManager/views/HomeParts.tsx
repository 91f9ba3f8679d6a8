/** Building blocks of the Tenant Manager home: a stat card, a panel of recent items and its rows. */
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowRight, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './views.module.css';

interface StatCardProps {
  icon: TablerIcon;
  color: string;
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  action: string;
  onClick: () => void;
  /** Draws the eye (e.g. requests waiting). */
  highlight?: boolean;
  testId?: string;
}

/** A count with its label; the whole card is the button into the list. */
export function StatCard({
  icon: Icon,
  color,
  label,
  value,
  action,
  onClick,
  highlight,
  testId,
}: StatCardProps) {
  return (
    <UnstyledButton
      className={classes.statCard}
      onClick={onClick}
      data-highlight={highlight || undefined}
      style={{ '--stat-color': `var(--mantine-color-${color}-6)` } as React.CSSProperties}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.statLabel}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={34} width={56} mt={6} radius="sm" />
          ) : (
            <Text className={classes.statValue} data-testid={testId && `${testId}-value`}>
              {value.toLocaleString('en')}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Group gap={4} mt="sm" className={classes.statAction}>
        <Text size="sm" fw={500}>
          {action}
        </Text>
        <IconArrowRight size={15} />
      </Group>
    </UnstyledButton>
  );
}

interface HomePanelProps {
  title: string;
  loading: boolean;
  empty: string;
  more: string;
  onMore: () => void;
  children?: ReactNode[];
}

/** A titled panel of a few recent items, with a link to the full list. */
export function HomePanel({ title, loading, empty, more, onMore, children }: HomePanelProps) {
  const hasRows = Boolean(children?.length);
  return (
    <Paper withBorder radius="lg" className={classes.homePanel}>
      <Group justify="space-between" px="lg" py="sm" className={classes.homePanelHead}>
        <Text fw={600}>{title}</Text>
        <Anchor component="button" type="button" size="sm" onClick={onMore}>
          <Group gap={4}>
            {more}
            <IconArrowRight size={14} />
          </Group>
        </Anchor>
      </Group>
      {loading ? (
        <Stack p="lg" gap="md">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={28} radius="sm" />
          ))}
        </Stack>
      ) : hasRows ? (
        <div>{children}</div>
      ) : (
        <Text c="dimmed" size="sm" p="lg" ta="center">
          {empty}
        </Text>
      )}
    </Paper>
  );
}

/** One recent item: avatar, two lines, and a dimmed note on the right. */
export function HomeRow({
  avatar,
  title,
  subtitle,
  aside,
}: {
  avatar: ReactNode;
  title: string;
  subtitle: ReactNode;
  aside: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" px="lg" py="sm" className={classes.homeRow}>
      {avatar}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {title}
        </Text>
        {subtitle}
      </div>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {aside}
      </Text>
    </Group>
  );
}
