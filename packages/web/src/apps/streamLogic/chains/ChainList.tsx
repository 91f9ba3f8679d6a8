/**
 * A project's logic chains (spec §2 list page): All / Enabled / Disabled tabs with counts, search, a
 * status badge per chain, an Enabled switch (enabling validates like a deploy), delete with confirmation,
 * and "New chain"; a row opens the chain in the editor.
 */
import type { Pipeline, PipelineSummary } from '@ferrite/contracts';
import { Button, Switch, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { confirmDelete } from '../../../ui/confirm';
import { ListPage } from '../../../ui/ListPage';
import { plural } from '../../../ui/plural';
import { DateTime } from '../../../ui/time';
import {
  type ChainTab,
  useDeleteChainMutation,
  useListChainsQuery,
  useUpdateChainMutation,
} from '../api/pipelinesApi';
import { Cell } from '../common/Cell';
import { runAction, useCan, useOrgId } from '../hooks';
import { CreateChainModal } from './CreateChainModal';
import { StatusBadge } from './StatusBadge';

const PAGE_SIZE = 25;

interface ChainListProps {
  projectId: string;
  breadcrumbs: ReactNode;
  onOpen: (chain: { id: string; name: string }) => void;
}

/** The chain list of one project. */
export function ChainList({ projectId, breadcrumbs, onOpen }: ChainListProps) {
  const orgId = useOrgId();
  const can = useCan();
  const [tab, setTab] = useState<ChainTab>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const query = useListChainsQuery(
    { orgId, projectId, tab, page, pageSize: PAGE_SIZE, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const [update] = useUpdateChainMutation();
  const [remove] = useDeleteChainMutation();
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  const counts = data?.counts;

  const toggle = (chain: PipelineSummary, enabled: boolean) =>
    runAction(
      () =>
        update({
          orgId,
          projectId,
          pipelineId: chain.id,
          body: { revision: chain.revision, enabled },
        }).unwrap(),
      enabled ? `${chain.name} is running` : `${chain.name} is disabled`,
    );
  const destroy = async (chain: PipelineSummary) => {
    if (await confirmDelete())
      await runAction(() => remove({ orgId, projectId, pipelineId: chain.id }).unwrap(), 'Chain deleted');
  };

  return (
    <>
      <ListPage<PipelineSummary>
        title="Logic chains"
        count={counts?.all}
        countNoun={['chain', 'chains']}
        breadcrumbs={breadcrumbs}
        tabs={[
          { value: 'all', label: 'All', count: counts?.all },
          { value: 'enabled', label: 'Enabled', count: counts?.enabled },
          { value: 'disabled', label: 'Disabled', count: counts?.disabled },
        ]}
        activeTab={tab}
        onTabChange={(value) => {
          setTab(value as ChainTab);
          setPage(1);
        }}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        searchPlaceholder="Search chains"
        primaryAction={
          can('editChains') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New chain
            </Button>
          )
        }
        items={data?.pipelines ?? []}
        getKey={(chain) => chain.id}
        itemLabel={(chain) => chain.name}
        onOpen={(chain) => onOpen(chain)}
        columns={[
          {
            key: 'name',
            header: 'Name',
            fill: true,
            render: (chain) => (
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {chain.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {chain.description || 'No description'}
                </Text>
              </div>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            width: 120,
            render: (chain) => (
              <Cell width={96}>
                <StatusBadge status={chain.status} />
              </Cell>
            ),
          },
          {
            key: 'nodes',
            header: 'Nodes',
            width: 100,
            render: (chain) => (
              <Text size="sm" miw={70} style={{ whiteSpace: 'nowrap' }}>
                {plural(chain.node_count, 'node')}
              </Text>
            ),
          },
          { key: 'revision', header: 'Revision', width: 90, render: (chain) => `r${chain.revision}` },
          {
            key: 'updated',
            header: 'Updated',
            width: 220,
            render: (chain) => (
              <Text size="xs" c="dimmed" miw={190}>
                <DateTime value={chain.updated_at} relative />
                {chain.updated_by ? ` by ${chain.updated_by.name}` : ''}
              </Text>
            ),
          },
          {
            key: 'enabled',
            header: 'Enabled',
            width: 90,
            render: (chain) => (
              // The switch is its own control: a click on it must not open the chain.
              // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the switch inside handles keys.
              <div onClick={(e) => e.stopPropagation()}>
                <Switch
                  checked={chain.enabled}
                  disabled={!can('deploy')}
                  onChange={(e) => toggle(chain, e.currentTarget.checked)}
                  aria-label={`Enable ${chain.name}`}
                />
              </div>
            ),
          },
        ]}
        rowActions={(chain) => [
          { label: 'Open in editor', icon: <IconPencil size={16} />, onClick: () => onOpen(chain) },
          ...(can('editChains')
            ? [
                {
                  label: 'Delete',
                  icon: <IconTrash size={16} />,
                  color: 'red',
                  onClick: () => destroy(chain),
                },
              ]
            : []),
        ]}
        paging={{ page, pageSize: PAGE_SIZE, total: data?.total_entries ?? 0, onPageChange: setPage }}
        loading={!data && !problem}
        error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
        empty={{
          title: search ? 'No matches' : 'No chains here yet',
          message: search
            ? `No chain matches “${search}”.`
            : 'A chain turns live readings into decisions: filter, compute, aggregate, then act.',
          action: can('editChains') && !search && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New chain
            </Button>
          ),
        }}
      />
      <CreateChainModal
        projectId={projectId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(chain: Pipeline) => {
          setCreating(false);
          onOpen(chain);
        }}
      />
    </>
  );
}
