/** A centred outcome panel: invalid link, request sent, e-mail on its way. */
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatusPanelProps {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  action?: { label: string; to: string };
}

/** Icon, title, explanation and one way onwards. */
export function StatusPanel({ icon, color, title, children, action }: StatusPanelProps) {
  return (
    <Stack align="center" ta="center" gap="md" role="status">
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={2} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" maw={380}>
        {children}
      </Text>
      {action && (
        <Button component={Link} to={action.to} variant="light" size="md" mt="xs">
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
