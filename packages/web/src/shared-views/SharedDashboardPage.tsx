/** /dashboards/{uuid}: the public dashboard view; its panels arrive with the Dashboards app. */
import { Badge, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PublicViewLayout } from './PublicViewLayout';

/** Placeholder for a shared dashboard. */
export function SharedDashboardPage() {
  const { uuid = '' } = useParams();
  return (
    <PublicViewLayout>
      <Paper withBorder p={48} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconLayoutDashboard size={38} />
          </ThemeIcon>
          <Badge variant="light" color="gray">
            Shared dashboard
          </Badge>
          <Title order={1} fz={28}>
            This dashboard opens here soon
          </Title>
          <Text c="dimmed" maw={480}>
            The shared dashboard view arrives with the Dashboards app. Its owner shared this link with you;
            keep it to come back later.
          </Text>
          <Code>{uuid}</Code>
        </Stack>
      </Paper>
    </PublicViewLayout>
  );
}
