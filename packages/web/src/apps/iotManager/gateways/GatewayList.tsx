/**
 * A project's gateways (spec §2 "list pages with counts and Active/Archived tabs incl. gateways";
 * §9 page size 25 from page 1): searchable, paged, with live online/offline status, the create drawer
 * and the one-time token modal.
 */
import { GATEWAY_FIRST_PAGE, GATEWAY_PAGE_SIZE, type Gateway } from '@ferrite/contracts';
import { Badge, Button, Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconArrowRight,
  IconPencil,
  IconPlus,
  IconRouter,
  IconTopologyStar3,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { type ArchiveTab, archiveTabs } from '../../../ui/archiveTabs';
import { type ListColumn, ListPage, type RowAction } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListPageState } from '../../../ui/useListPageState';
import { useListGatewaysQuery } from '../api/gatewaysApi';
import { LastSeen, ProtocolBadges, StatusBadge } from '../common/Bits';
import { useLiveStatuses } from '../common/useLiveStatus';
import { useCan, useErrorToast, useOrgId } from '../hooks';
import { GatewayDrawer } from './GatewayDrawer';
import { type ShownToken, TokenModal } from './TokenModal';
import { useGatewayActions } from './useGatewayActions';

const columns = (tab: ArchiveTab): ListColumn<Gateway>[] => [
  {
    key: 'name',
    header: 'Gateway',
    render: (gateway) => (
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon
          variant="light"
          color={gateway.status === 'online' ? 'teal' : 'gray'}
          size={34}
          radius="md"
          aria-hidden
        >
          <IconRouter size={18} stroke={1.7} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {gateway.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {gateway.description || gateway.topic}
          </Text>
          {!gateway.topic_available && (
            <Badge
              color="red"
              variant="light"
              size="xs"
              leftSection={<IconAlertTriangle size={10} />}
              title="The topic overlaps another gateway's: MQTT is refused until it is changed"
            >
              Topic not available
            </Badge>
          )}
        </div>
      </Group>
    ),
  },
  {
    key: 'protocol',
    header: 'Type',
    width: 150,
    render: (gateway) => <ProtocolBadges type={gateway.type} protocol={gateway.protocol} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 140,
    render: (gateway) => (
      <div>
        <StatusBadge status={gateway.status} lastSeenAt={gateway.last_seen_at} />
        <LastSeen at={gateway.last_seen_at} />
      </div>
    ),
  },
  {
    key: 'params',
    header: 'Parameters',
    width: 180,
    render: (gateway) => (
      <div>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {gateway.streaming_params.length} streaming · {gateway.static_params.length} static
        </Text>
        <Text
          size="xs"
          c={gateway.mapped_count ? 'indigo' : 'dimmed'}
          fw={gateway.mapped_count ? 500 : undefined}
        >
          {gateway.mapped_count ? `${gateway.mapped_count} mapped to sensors` : 'nothing mapped yet'}
        </Text>
      </div>
    ),
  },
  {
    key: 'date',
    header: tab === 'archived' ? 'Archived' : 'Created',
    width: 120,
    render: (gateway) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={tab === 'archived' ? gateway.archived_at : gateway.created_at} />
      </Text>
    ),
  },
];

interface GatewayListProps {
  projectId: string;
  projectName: string;
  breadcrumbs: ReactNode;
  onOpen: (gateway: Gateway) => void;
  /** Shows the same project's topology. */
  onTopology?: () => void;
}

/** The list of one project's gateways. */
export function GatewayList({ projectId, projectName, breadcrumbs, onOpen, onTopology }: GatewayListProps) {
  const orgId = useOrgId();
  const view = useListPageState<ArchiveTab>({ initialTab: 'active', firstPage: GATEWAY_FIRST_PAGE });
  const { tab, page, search } = view;
  const query = useListGatewaysQuery(
    { orgId, projectId, tab, page, pageSize: GATEWAY_PAGE_SIZE, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  useErrorToast(query.error);
  const can = useCan(data?.abilities);
  const live = useLiveStatuses(projectId);
  const actions = useGatewayActions();
  const [editor, setEditor] = useState<{ key: number; gateway: Gateway | null; opened: boolean }>({
    key: 0,
    gateway: null,
    opened: false,
  });
  const [token, setToken] = useState<ShownToken | null>(null);
  const openEditor = (gateway: Gateway | null) =>
    setEditor((current) => ({ key: current.key + 1, gateway, opened: true }));

  const manage = can('manageGateways');
  const rowActions = manage
    ? (gateway: Gateway): RowAction[] => [
        { label: 'Open', icon: <IconArrowRight size={16} />, onClick: () => onOpen(gateway) },
        { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => openEditor(gateway) },
        gateway.archived_at
          ? {
              label: 'Unarchive',
              icon: <IconArchiveOff size={16} />,
              onClick: () => void actions.toggleArchive(gateway),
            }
          : {
              label: 'Archive',
              icon: <IconArchive size={16} />,
              onClick: () => void actions.toggleArchive(gateway),
            },
        {
          label: 'Delete',
          icon: <IconTrash size={16} />,
          color: 'red',
          onClick: () => void actions.remove(gateway),
        },
      ]
    : undefined;

  const newButton = manage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor(null)}>
      New gateway
    </Button>
  );
  const counts = data?.counts ?? { active: 0, archived: 0 };
  const emptyMessage = search
    ? `No gateway matches “${search}”.`
    : tab === 'archived'
      ? 'No archived gateways. An archived gateway keeps its settings, but its devices are refused.'
      : 'No gateways yet. Add one for each device or edge box that sends data to this project.';

  return (
    <>
      <ListPage<Gateway>
        title={projectName}
        count={data ? counts.active + counts.archived : undefined}
        countNoun={['gateway', 'gateways']}
        description="Gateways of the project: how devices connect, what they send and where it goes."
        breadcrumbs={breadcrumbs}
        tabs={archiveTabs(data?.counts)}
        activeTab={tab}
        onTabChange={view.onTabChange}
        onSearch={view.onSearch}
        searchPlaceholder="Search gateways"
        primaryAction={
          <>
            {onTopology && (
              <Button variant="default" leftSection={<IconTopologyStar3 size={16} />} onClick={onTopology}>
                Show topology
              </Button>
            )}
            {newButton}
          </>
        }
        items={(data?.gateways ?? []).map(live.apply)}
        getKey={(gateway) => gateway.id}
        itemLabel={(gateway) => gateway.name}
        columns={columns(tab)}
        rowActions={rowActions}
        onOpen={onOpen}
        paging={{
          page,
          pageSize: GATEWAY_PAGE_SIZE,
          total: data?.total_entries ?? 0,
          onPageChange: view.setPage,
        }}
        loading={!data && !problem}
        error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
        empty={{
          title: search ? 'No matches' : undefined,
          message: emptyMessage,
          action: !search && tab === 'active' ? newButton || undefined : undefined,
        }}
      />
      <GatewayDrawer
        key={editor.key}
        opened={editor.opened}
        projectId={projectId}
        gateway={editor.gateway}
        onClose={() => setEditor((current) => ({ ...current, opened: false }))}
        onCreated={(created) =>
          setToken({ gatewayName: created.gateway.name, token: created.access_token, reason: 'created' })
        }
      />
      <TokenModal shown={token} onClose={() => setToken(null)} />
    </>
  );
}
