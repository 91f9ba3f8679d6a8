/**
 * One gateway (spec §2 "gateway detail: credentials, security, access token, timestamp, static and
 * streaming parameters, parameter mapping with a project tree, latest logs with auto sync and delete"),
 * with commands and firmware: a header with its live status and actions, then one tab per concern.
 */
import { type Gateway, SOCKET_EVENTS } from '@ferrite/contracts';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconArchive,
  IconArchiveOff,
  IconCpu,
  IconDots,
  IconFileText,
  IconInfoCircle,
  IconKey,
  IconPencil,
  IconRefresh,
  IconRoute,
  IconTerminal2,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useSocketRoom } from '../../../app/socket';
import { TrailHeading } from '../../../ui/Breadcrumbs';
import { formatRelative } from '../../../ui/time';
import { useGetGatewayQuery } from '../api/gatewaysApi';
import { CommandsTab } from '../commands/CommandsTab';
import { ProtocolBadges, StatusBadge } from '../common/Bits';
import { FirmwareTab } from '../firmware/FirmwareTab';
import { GatewayDrawer } from '../gateways/GatewayDrawer';
import { type ShownToken, TokenModal } from '../gateways/TokenModal';
import { useGatewayActions } from '../gateways/useGatewayActions';
import { useCan, useErrorToast, useOrgId } from '../hooks';
import { LogsTab } from '../logs/LogsTab';
import { MappingTab } from '../mapping/MappingTab';
import classes from './Detail.module.css';
import { OverviewTab } from './OverviewTab';
import { ParametersTab } from './ParametersTab';

export type DetailTab = 'overview' | 'parameters' | 'mapping' | 'logs' | 'commands' | 'firmware';

const TABS: { value: DetailTab; label: string; icon: ReactNode }[] = [
  { value: 'overview', label: 'Overview', icon: <IconInfoCircle size={16} /> },
  { value: 'parameters', label: 'Parameters', icon: <IconAdjustments size={16} /> },
  { value: 'mapping', label: 'Mapping', icon: <IconRoute size={16} /> },
  { value: 'logs', label: 'Logs', icon: <IconFileText size={16} /> },
  { value: 'commands', label: 'Commands', icon: <IconTerminal2 size={16} /> },
  { value: 'firmware', label: 'Firmware', icon: <IconCpu size={16} /> },
];

interface GatewayDetailProps {
  gatewayId: string;
  breadcrumbs: ReactNode;
  /** The gateway's name is known (or changed): the trail shows it. */
  onName?: (name: string) => void;
  /** The gateway was deleted: go back to the list. */
  onGone: () => void;
  initialTab?: DetailTab;
}

function DetailSkeleton() {
  return (
    <Stack gap="md" p="xl">
      <Skeleton height={28} width={280} />
      <Skeleton height={14} width={200} />
      <Skeleton height={36} mt="md" />
      <Skeleton height={260} radius="lg" />
    </Stack>
  );
}

/** The status laid over by socket events while the page is open. */
function useLiveGateway(gateway: Gateway | undefined): Gateway | undefined {
  const orgId = useOrgId();
  const [live, setLive] = useState<Pick<Gateway, 'status' | 'last_seen_at'> | null>(null);
  useSocketRoom(gateway && orgId ? { kind: 'gatewayLogs', orgId, gatewayId: gateway.id } : null, {
    [SOCKET_EVENTS.gatewayStatus]: (event) => {
      if (event.gateway_id === gateway?.id)
        setLive({ status: event.status, last_seen_at: event.last_seen_at });
    },
  });
  // A fresh fetch is the truth again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new answer replaces the gateway.
  useEffect(() => setLive(null), [gateway]);
  return gateway && live ? { ...gateway, ...live } : gateway;
}

/** The detail page. */
export function GatewayDetail({ gatewayId, breadcrumbs, onName, onGone, initialTab }: GatewayDetailProps) {
  const orgId = useOrgId();
  const query = useGetGatewayQuery({ orgId, gatewayId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  useErrorToast(query.error);
  const gateway = useLiveGateway(query.data);
  const can = useCan();
  const actions = useGatewayActions();
  const [tab, setTab] = useState<DetailTab>(initialTab ?? 'overview');
  const [editing, setEditing] = useState(0);
  const [token, setToken] = useState<ShownToken | null>(null);
  const name = query.data?.name;
  useEffect(() => {
    if (name) onName?.(name);
  }, [name, onName]);

  const problem = query.error as ApiProblem | undefined;
  if (!gateway) {
    return (
      <div className={classes.page}>
        <div className={classes.header}>{breadcrumbs}</div>
        {problem ? (
          <Paper withBorder radius="lg" p="xl" m="xl" data-testid="gateway-error">
            <Text fw={600}>{problem.title}</Text>
            <Text c="dimmed" size="sm">
              {problem.detail}
            </Text>
            <Button mt="md" variant="default" leftSection={<IconRefresh size={16} />} onClick={query.refetch}>
              Try again
            </Button>
          </Paper>
        ) : (
          <DetailSkeleton />
        )}
      </div>
    );
  }

  const manage = can('manageGateways');
  const rotate = async () => {
    const shown = await actions.rotateToken(gateway);
    if (shown) setToken(shown);
  };

  return (
    <div className={classes.page} data-testid="gateway-detail" data-gateway={gateway.id}>
      <div className={classes.header}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <div style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="nowrap">
              <TrailHeading heading={<span data-testid="gateway-name">{gateway.name}</span>}>
                {breadcrumbs}
              </TrailHeading>
              <StatusBadge status={gateway.status} lastSeenAt={gateway.last_seen_at} size="md" />
              {gateway.archived_at && (
                <Badge color="gray" variant="outline" radius="sm">
                  Archived
                </Badge>
              )}
            </Group>
            <Group gap="xs" mt={4} wrap="nowrap">
              <ProtocolBadges type={gateway.type} protocol={gateway.protocol} />
              <Text size="xs" c="dimmed" truncate>
                {gateway.last_seen_at
                  ? `Last seen ${formatRelative(gateway.last_seen_at)}`
                  : 'Never heard from'}
                {gateway.parent ? ` · behind ${gateway.parent.name}` : ''}
                {gateway.channel ? ` · channel ${gateway.channel}` : ''}
              </Text>
            </Group>
          </div>
          {manage && (
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing((n) => n + 1)}
              >
                Edit
              </Button>
              <Menu position="bottom-end" withinPortal shadow="md" width={210}>
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label="More gateway actions">
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconKey size={16} />} onClick={rotate}>
                    Rotate access token
                  </Menu.Item>
                  <Menu.Item
                    leftSection={
                      gateway.archived_at ? <IconArchiveOff size={16} /> : <IconArchive size={16} />
                    }
                    onClick={() => void actions.toggleArchive(gateway)}
                  >
                    {gateway.archived_at ? 'Unarchive' : 'Archive'}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={async () => {
                      if (await actions.remove(gateway)) onGone();
                    }}
                  >
                    Delete gateway
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as DetailTab)}
        keepMounted={false}
        className={classes.tabs}
      >
        <Tabs.List className={classes.tabList}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon} data-tab={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" className={classes.panel}>
          <OverviewTab gateway={gateway} canManage={manage} onRotate={rotate} />
        </Tabs.Panel>
        <Tabs.Panel value="parameters" className={classes.panel}>
          <ParametersTab gateway={gateway} canManage={manage} />
        </Tabs.Panel>
        <Tabs.Panel value="mapping" className={classes.panel}>
          <MappingTab gateway={gateway} canManage={manage} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" className={classes.panel}>
          <LogsTab gateway={gateway} canDelete={can('deleteLogs')} />
        </Tabs.Panel>
        <Tabs.Panel value="commands" className={classes.panel}>
          <CommandsTab gateway={gateway} canSend={can('actuate')} />
        </Tabs.Panel>
        <Tabs.Panel value="firmware" className={classes.panel}>
          <FirmwareTab gateway={gateway} canManage={can('manageFirmware')} />
        </Tabs.Panel>
      </Tabs>
      {editing > 0 && (
        <GatewayDrawer
          key={editing}
          opened
          projectId={gateway.project_id}
          gateway={gateway}
          onClose={() => setEditing(0)}
        />
      )}
      <TokenModal shown={token} onClose={() => setToken(null)} />
    </div>
  );
}
