/**
 * Activity (a hidden menu link, reached from Home): the organization's audit log, newest first,
 * filtered by person, app, dates and text; each entry opens to show what changed.
 */
import {
  Badge,
  Center,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconActivity, IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useListActivityQuery } from '../api/activityApi';
import { problemOf, useCan, useOrgId } from '../hooks';
import classes from './Activity.module.css';
import { ActivityFilters } from './ActivityFilters';
import { ActivityRow } from './ActivityRow';
import { type ActivityFilterValues, dayBoundary, isFiltered, NO_FILTERS } from './filters';

const PAGE_SIZE = 20;

function Placeholder({
  icon,
  title,
  text,
  color,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  color?: string;
}) {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        size="md"
        variant="light"
        color={color}
        icon={icon}
        title={title}
        description={text}
        maw={420}
      />
    </Center>
  );
}

/** The Activity section. */
export function ActivitySection() {
  const orgId = useOrgId();
  const can = useCan();
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const allowed = can('viewActivity');
  const query = useListActivityQuery(
    {
      orgId,
      page,
      pageSize: PAGE_SIZE,
      search,
      userId: filters.userId ?? undefined,
      app: filters.app ?? undefined,
      fromDate: dayBoundary(filters.range[0], false),
      toDate: dayBoundary(filters.range[1] ?? filters.range[0], true),
    },
    { skip: !orgId || !allowed },
  );
  const entries = query.currentData?.activity ?? [];
  const total = query.currentData?.total_entries ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const change = (next: ActivityFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <Placeholder
        icon={<IconLock />}
        title="No access"
        text="Viewing activity needs the View activity action."
      />
    );
  } else if (query.error) {
    const problem = problemOf(query.error);
    body = (
      <Placeholder
        icon={<IconAlertTriangle />}
        color="red"
        title={problem.title}
        text={problem.detail ?? ''}
      />
    );
  } else if (query.isFetching && !query.currentData) {
    body = (
      <Stack gap={0} p="md">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
          <Skeleton key={i} height={44} radius="sm" mb="xs" />
        ))}
      </Stack>
    );
  } else if (entries.length === 0) {
    body = (
      <Placeholder
        icon={<IconActivity />}
        title={isFiltered(filters) ? 'Nothing matches these filters' : 'No activity yet'}
        text="Changes people make to users, groups, roles, projects and invitations show up here."
      />
    );
  } else {
    body = entries.map((entry) => (
      <ActivityRow
        key={entry.id}
        entry={entry}
        expanded={open === entry.id}
        onToggle={() => setOpen((current) => (current === entry.id ? null : entry.id))}
      />
    ));
  }

  return (
    <div className={classes.page} data-testid="activity">
      <div className={classes.header}>
        <Group gap="xs">
          <Title order={2} fz={24}>
            Activity
          </Title>
          {allowed && (
            <Badge variant="light" radius="sm" size="lg">
              {total}
            </Badge>
          )}
          {query.isFetching && query.currentData && <Loader size="xs" />}
        </Group>
        <Text c="dimmed" size="sm" mt={2}>
          Who changed what in this organization, newest first. Open an entry to see before and after.
        </Text>
      </div>
      {allowed && (
        <div className={classes.toolbar}>
          <ActivityFilters value={filters} onChange={change} />
        </div>
      )}
      <div className={classes.body}>{body}</div>
      {allowed && (
        <Group className={classes.footer} justify="space-between">
          <Text size="sm" c="dimmed">
            {total === 0
              ? 'No entries'
              : `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(total, page * PAGE_SIZE)} of ${total}`}
          </Text>
          {pages > 1 && (
            <Pagination total={pages} value={page} onChange={setPage} size="sm" withEdges={pages > 5} />
          )}
        </Group>
      )}
    </div>
  );
}
