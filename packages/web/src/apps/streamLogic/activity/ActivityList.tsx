/** A project's chain activity: deploys, rollbacks, enables, deletes and node errors, filtered by kind and chain. */
import { CHAIN_ACTIVITY_KINDS, type ChainActivityEntry, type ChainActivityKind } from '@ferrite/contracts';
import { Badge, Button, Select, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { ListPage } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListActivityQuery } from '../api/traceApi';
import { Cell } from '../common/Cell';
import { useOrgId } from '../hooks';

const PAGE_SIZE = 25;

/** How each kind reads and its colour. */
export const KIND_LOOK: Record<ChainActivityKind, { label: string; color: string }> = {
  created: { label: 'Created', color: 'blue' },
  deployed: { label: 'Deployed', color: 'teal' },
  rolled_back: { label: 'Rolled back', color: 'grape' },
  enabled: { label: 'Enabled', color: 'green' },
  disabled: { label: 'Disabled', color: 'gray' },
  deleted: { label: 'Deleted', color: 'dark' },
  error: { label: 'Error', color: 'red' },
};

interface ActivityListProps {
  projectId: string;
  breadcrumbs: ReactNode;
  /** Only this chain's activity, until cleared. */
  chain?: { id: string; name: string };
}

/** The activity page of one project. */
export function ActivityList({ projectId, breadcrumbs, chain: initialChain }: ActivityListProps) {
  const orgId = useOrgId();
  const [kind, setKind] = useState<ChainActivityKind | null>(null);
  const [chain, setChain] = useState(initialChain);
  const [page, setPage] = useState(1);
  const query = useListActivityQuery(
    { orgId, projectId, page, pageSize: PAGE_SIZE, kind: kind ?? undefined, pipelineId: chain?.id },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  return (
    <ListPage<ChainActivityEntry>
      title="Activity"
      description="Deploys, rollbacks and errors of this project's chains."
      breadcrumbs={breadcrumbs}
      primaryAction={
        <>
          {chain && (
            <Button
              size="xs"
              variant="light"
              rightSection={<IconX size={14} />}
              onClick={() => setChain(undefined)}
            >
              Chain: {chain.name}
            </Button>
          )}
          <Select
            size="xs"
            placeholder="Every kind"
            aria-label="Kind"
            clearable
            data={CHAIN_ACTIVITY_KINDS.map((k) => ({ value: k, label: KIND_LOOK[k].label }))}
            value={kind}
            onChange={(v) => {
              setKind(v as ChainActivityKind | null);
              setPage(1);
            }}
            w={160}
          />
        </>
      }
      items={data?.activity ?? []}
      getKey={(e) => e.id}
      columns={[
        {
          key: 'at',
          header: 'When',
          width: 170,
          render: (e) => (
            <Cell width={150}>
              <DateTime value={e.at} withTime />
            </Cell>
          ),
        },
        {
          key: 'kind',
          header: 'What',
          width: 120,
          render: (e) => (
            <Cell width={100}>
              <Badge variant="light" color={KIND_LOOK[e.kind].color} radius="sm">
                {KIND_LOOK[e.kind].label}
              </Badge>
            </Cell>
          ),
        },
        {
          key: 'chain',
          header: 'Chain',
          width: 200,
          render: (e) => (
            <Text size="sm" fw={500} miw={180} truncate>
              {e.pipeline_name}
              {e.revision !== null && <Text span size="xs" c="dimmed">{` r${e.revision}`}</Text>}
            </Text>
          ),
        },
        {
          key: 'detail',
          header: 'Detail',
          fill: true,
          render: (e) => (
            <Text size="sm" c={e.kind === 'error' ? 'red' : undefined} truncate>
              {e.node_id ? `${e.node_id}: ` : ''}
              {e.detail}
            </Text>
          ),
        },
        {
          key: 'actor',
          header: 'By',
          width: 140,
          render: (e) => <Cell width={110}>{e.actor?.name ?? '—'}</Cell>,
        },
      ]}
      paging={{ page, pageSize: PAGE_SIZE, total: data?.total_entries ?? 0, onPageChange: setPage }}
      loading={!data && !problem}
      error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
      empty={{ title: 'No activity', message: 'Deploys, rollbacks and errors of chains show here.' }}
    />
  );
}
