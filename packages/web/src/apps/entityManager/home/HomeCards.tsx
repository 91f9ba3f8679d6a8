/** The home's entry cards: a way into a section (counts use ui/StatCard). */
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowRight, type TablerIcon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './Home.module.css';

const colorVar = (color: string) => ({ '--card-color': `var(--mantine-color-${color}-6)` }) as CSSProperties;

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
