/** The home's cards: a count that leads into its list, and an entry into a section. */
import { Group, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowRight, type TablerIcon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './Home.module.css';

const colorVar = (color: string) => ({ '--card-color': `var(--mantine-color-${color}-6)` }) as CSSProperties;

interface StatCardProps {
  icon: TablerIcon;
  color: string;
  label: string;
  /** Undefined while loading, null when the caller may not read it. */
  value: number | null | undefined;
  action: string;
  onClick: () => void;
  testId: string;
}

/** A count with its label; the whole card is the button into the list. */
export function StatCard({ icon: Icon, color, label, value, action, onClick, testId }: StatCardProps) {
  return (
    <UnstyledButton className={classes.card} style={colorVar(color)} onClick={onClick} data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.statLabel}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={34} width={56} mt={6} radius="sm" />
          ) : (
            <Text className={classes.statValue} data-testid={`${testId}-value`}>
              {value === null ? '—' : value.toLocaleString('en')}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Group gap={4} mt="sm" className={classes.cardAction}>
        <Text size="sm" fw={500}>
          {action}
        </Text>
        <IconArrowRight size={15} />
      </Group>
    </UnstyledButton>
  );
}

interface EntryCardProps {
  icon: TablerIcon;
  color: string;
  title: string;
  description: string;
  onClick: () => void;
  section: string;
}

/** A way into a section, with what the user will find there. */
export function EntryCard({ icon: Icon, color, title, description, onClick, section }: EntryCardProps) {
  return (
    <UnstyledButton
      className={classes.card}
      style={colorVar(color)}
      onClick={onClick}
      data-section-link={section}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{title}</Text>
            <IconArrowRight size={16} className={classes.cardAction} />
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
