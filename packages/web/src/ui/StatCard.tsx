/**
 * Usage — one count on an app's home page, usually the button into its list:
 *
 *   <StatCard icon={IconRouter} color="orange" label="Gateways" value={total} hint="Across 3 projects"
 *     action="Open gateways" onClick={() => onNavigate('gateways')} testId="stat-gateways" />
 *
 * `value` undefined shows a skeleton (loading); null shows '—' (the caller may not read it).
 */
import { Group, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowRight, type TablerIcon } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import classes from './StatCard.module.css';

export interface StatCardProps {
  icon: TablerIcon;
  color: string;
  label: string;
  value: number | null | undefined;
  /** A quiet line under the number, e.g. '3 of 12 online'. */
  hint?: ReactNode;
  /** The link text at the bottom; shown only with onClick. */
  action?: string;
  onClick?: () => void;
  /** Draws the eye (e.g. gateways offline). */
  highlight?: boolean;
  testId?: string;
}

/** A count with its label; with onClick the whole card is a button. */
export function StatCard({
  icon: Icon,
  color,
  label,
  value,
  hint,
  action,
  onClick,
  highlight,
  testId,
}: StatCardProps) {
  const body = (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.label}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={34} width={56} mt={6} radius="sm" />
          ) : (
            <Text className={classes.value} data-testid={testId && `${testId}-value`}>
              {value === null ? '—' : value.toLocaleString('en')}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
      {onClick && action && (
        <Group gap={4} className={classes.action}>
          <Text size="sm" fw={500}>
            {action}
          </Text>
          <IconArrowRight size={15} />
        </Group>
      )}
    </>
  );
  // The action is text: the colour's text shade (4.5:1), not the filled shade 6 the accents use.
  const style = {
    '--stat-color': `var(--mantine-color-${color}-6)`,
    '--stat-text': `var(--mantine-color-${color}-text)`,
  } as CSSProperties;
  if (!onClick) {
    return (
      <div
        className={classes.card}
        style={style}
        data-highlight={highlight || undefined}
        data-testid={testId}
      >
        {body}
      </div>
    );
  }
  return (
    <UnstyledButton
      className={classes.card}
      style={style}
      onClick={onClick}
      data-clickable
      data-highlight={highlight || undefined}
      data-testid={testId}
    >
      {body}
    </UnstyledButton>
  );
}
