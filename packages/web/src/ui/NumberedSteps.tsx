/** An app home's how-to list: numbered steps, each a title and a line of text, in the app's accent. */
import { Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './AppHomePage.module.css';

interface NumberedStepsProps {
  /** [title, text] per step, in order. */
  steps: readonly (readonly [string, string])[];
  /** The Mantine colour the numbers wear (the app's accent). */
  color: string;
}

/** The steps. */
export function NumberedSteps({ steps, color }: NumberedStepsProps) {
  const accent = {
    '--step-accent-0': `var(--mantine-color-${color}-0)`,
    '--step-accent-6': `var(--mantine-color-${color}-6)`,
    '--step-accent-7': `var(--mantine-color-${color}-7)`,
  } as CSSProperties;
  return (
    <Stack gap="md" style={accent}>
      {steps.map(([title, text], i) => (
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
      ))}
    </Stack>
  );
}
