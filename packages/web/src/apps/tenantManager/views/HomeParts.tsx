/** Building blocks of the Tenant Manager home: a panel of recent items and its rows (counts use ui/StatCard). */
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './views.module.css';

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
