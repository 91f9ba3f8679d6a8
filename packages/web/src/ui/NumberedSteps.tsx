/** An app home's how-to list: numbered steps, each a title and a line of text, in the app's accent. */
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './AppHomePage.module.css';

interface NumberedStepsProps {
  /** [title, text] per step, in order. */
  steps: readonly (readonly [string, string])[];
  /** The Mantine colour the numbers wear (the app's accent). */
  color: string;
  /** Side by side in this many columns from medium screens up; one under the other without. */
  columns?: number;
}

/** The steps. */
export function NumberedSteps({ steps, color, columns }: NumberedStepsProps) {
  const accent = {
    '--step-accent-0': `var(--mantine-color-${color}-0)`,
    '--step-accent-6': `var(--mantine-color-${color}-6)`,
    '--step-accent-7': `var(--mantine-color-${color}-7)`,
  } as CSSProperties;
  const items = steps.map(([title, text], i) => (
    <Group key={title} gap="sm" align="flex-start" wrap="nowrap">
      <span className={classes.stepNumber}>{i + 1}</span>
      <div>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </div>
    </Group>
  ));
  return columns ? (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="lg" style={accent}>
      {items}
    </SimpleGrid>
  ) : (
    <Stack gap="md" style={accent}>
      {items}
    </Stack>
  );
}
