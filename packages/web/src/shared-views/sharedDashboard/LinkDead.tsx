/** The page of a shared link that stopped working: expired, revoked, or never there. */
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';

/** Says once what happened to the link (the server's or the live event's reason) and what to do. */
export function LinkDead({ reason }: { reason: string }) {
  // The reason is the heading itself: a generic heading above it said the same thing twice.
  const heading = reason.trim().replace(/\.$/, '') || 'This link no longer works';
  return (
    <Paper withBorder radius="lg" p={48} shadow="xs" maw={520} mx="auto" data-testid="link-dead">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <IconLinkOff size={38} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {heading}
        </Title>
        <Text c="dimmed" maw={420}>
          Ask the person who shared the dashboard with you for a new link.
        </Text>
      </Stack>
    </Paper>
  );
}
