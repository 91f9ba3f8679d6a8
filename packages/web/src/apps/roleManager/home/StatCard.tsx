/** One figure on the Role Manager home: an icon, a count and a label, opening its section. */
import { Group, type MantineColor, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { IconArrowUpRight } from '@tabler/icons-react';
import classes from './Home.module.css';

interface StatCardProps {
  icon: TablerIcon;
  label: string;
  value: number;
  hint: string;
  color: MantineColor;
  loading?: boolean;
  onClick?: () => void;
  testId: string;
}

/** A clickable stat tile. */
export function StatCard({ icon: Icon, label, value, hint, color, loading, onClick, testId }: StatCardProps) {
  return (
    <UnstyledButton className={classes.stat} onClick={onClick} data-stat={testId} disabled={!onClick}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        {onClick && <IconArrowUpRight size={16} className={classes.statArrow} />}
      </Group>
      {loading ? (
        <Skeleton height={30} width={60} mt="md" radius="sm" />
      ) : (
        <Text className={classes.statValue} data-testid={`stat-${testId}`}>
          {value}
        </Text>
      )}
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </UnstyledButton>
  );
}
