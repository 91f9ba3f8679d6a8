/** The last few audit entries on the home page, with a way into the full Activity section. */
import { APPS } from '@ferrite/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconActivity, IconArrowRight } from '@tabler/icons-react';
import { formatRelative } from '../../../ui/time';
import { useListActivityQuery } from '../api/activityApi';
import { useOrgId } from '../hooks';

/** Five newest entries as a timeline. */
export function RecentActivity({ onOpen }: { onOpen: () => void }) {
  const orgId = useOrgId();
  const { currentData, isFetching } = useListActivityQuery(
    { orgId, page: 1, pageSize: 5 },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const entries = currentData?.activity ?? [];
  return (
    <Paper withBorder p="lg" h="100%">
      <Group justify="space-between" mb="md">
        <Text fw={650}>Recent activity</Text>
        <Button variant="subtle" size="xs" rightSection={<IconArrowRight size={14} />} onClick={onOpen}>
          View activity
        </Button>
      </Group>
      {isFetching && !currentData ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has changed yet. Invites, group and project changes will show up here.
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={-1}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} bullet={<IconActivity size={12} />}>
              <Text size="sm" lineClamp={2}>
                {entry.summary}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.actor?.name ?? 'System'} · {APPS[entry.app].title} · {formatRelative(entry.created_at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
