/**
 * Latest logs (spec §2 "latest logs with auto sync and delete"): newest first, coloured by level, the
 * payload unfolded on demand. Auto sync follows the socket when it is live and polls every 5 s when it
 * is not; delete asks 'Are you sure you want to delete logs data?' (spec §5).
 */
import { type Gateway, type GatewayLog, MESSAGES, SOCKET_EVENTS } from '@ferrite/contracts';
import {
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileText, IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { type RoomStatus, useSocketRoom } from '../../../app/socket';
import { notifySuccess } from '../../../session/notify';
import { confirmAction } from '../../../ui/confirm';
import {
  type LogLevel,
  type LogsArg,
  operationsApi,
  useDeleteGatewayLogsMutation,
  useGetGatewayLogsQuery,
} from '../api/operationsApi';
import detail from '../detail/Detail.module.css';
import { notifyProblem, useErrorToast, useOrgId } from '../hooks';
import classes from './Logs.module.css';
import { LogTable } from './LogTable';

/** How many lines the tab shows. */
export const LOG_LIMIT = 100;
/** Auto sync without a live socket refetches this often. */
export const LOG_POLL_MS = 5_000;

type LevelFilter = 'all' | LogLevel;

function SyncState({ autoSync, room }: { autoSync: boolean; room: RoomStatus }) {
  if (!autoSync) {
    return (
      <Text size="xs" c="dimmed">
        Paused
      </Text>
    );
  }
  const live = room === 'live';
  return (
    <Tooltip
      label={
        live ? 'New lines arrive as the gateway sends them' : 'No live connection: checking every 5 seconds'
      }
      withArrow
    >
      <Badge
        variant="light"
        color={live ? 'teal' : 'gray'}
        radius="sm"
        tt="none"
        leftSection={<IconPlugConnected size={12} />}
        data-testid="sync-state"
        data-live={live || undefined}
      >
        {live ? 'Live' : 'Every 5 s'}
      </Badge>
    </Tooltip>
  );
}

/** The Logs tab. */
export function LogsTab({ gateway, canDelete }: { gateway: Gateway; canDelete: boolean }) {
  const orgId = useOrgId();
  const dispatch = useAppDispatch();
  const [autoSync, setAutoSync] = useState(true);
  const [level, setLevel] = useState<LevelFilter>('all');
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const levelParam = level === 'all' ? undefined : level;
  const args = useMemo<LogsArg>(
    () => ({ orgId, gatewayId: gateway.id, limit: LOG_LIMIT, level: levelParam }),
    [orgId, gateway.id, levelParam],
  );

  const onLog = useCallback(
    (log: GatewayLog) => {
      if (log.gateway_id !== gateway.id || (level !== 'all' && log.level !== level)) return;
      dispatch(
        operationsApi.util.updateQueryData('getGatewayLogs', args, (draft) => {
          if (draft.logs.some((line) => line.id === log.id)) return;
          draft.logs.unshift(log);
          draft.logs.splice(LOG_LIMIT);
        }),
      );
      setFresh((current) => new Set(current).add(log.id));
    },
    [dispatch, args, gateway.id, level],
  );
  const room = useSocketRoom(
    autoSync && orgId ? { kind: 'gatewayLogs', orgId, gatewayId: gateway.id } : null,
    {
      [SOCKET_EVENTS.gatewayLog]: onLog,
      [SOCKET_EVENTS.gatewayLogsCleared]: (event) => {
        if (event.gateway_id && event.gateway_id !== gateway.id) return;
        dispatch(
          operationsApi.util.updateQueryData('getGatewayLogs', args, (draft) => void draft.logs.splice(0)),
        );
      },
    },
  );
  const query = useGetGatewayLogsQuery(args, {
    skip: !orgId,
    pollingInterval: autoSync && room !== 'live' ? LOG_POLL_MS : 0,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  useErrorToast(query.error);
  const [deleteLogs, deleting] = useDeleteGatewayLogsMutation();

  const remove = async () => {
    const confirmed = await confirmAction({
      title: 'Delete logs',
      message: MESSAGES.confirmDeleteLogs,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    const result = await deleteLogs({ orgId, gatewayId: gateway.id });
    if (result.error) notifyProblem(result.error);
    else notifySuccess('Logs deleted');
  };

  const logs = query.data?.logs ?? [];
  return (
    <div className={detail.content}>
      <Paper withBorder radius="lg" className={classes.card}>
        <Group className={classes.toolbar} justify="space-between" gap="sm">
          <Group gap="md">
            <Switch
              label="Auto sync"
              checked={autoSync}
              onChange={(event) => setAutoSync(event.currentTarget.checked)}
              data-testid="auto-sync"
            />
            <SyncState autoSync={autoSync} room={room} />
          </Group>
          <Group gap="sm">
            <SegmentedControl
              size="xs"
              aria-label="Level"
              value={level}
              onChange={(value) => setLevel(value as LevelFilter)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'info', label: 'Info' },
                { value: 'warn', label: 'Warnings' },
                { value: 'error', label: 'Errors' },
              ]}
            />
            <Tooltip label="Refresh" withArrow>
              <Button
                variant="default"
                size="xs"
                onClick={query.refetch}
                loading={query.isFetching && !query.isLoading && !autoSync}
                aria-label="Refresh logs"
              >
                <IconRefresh size={15} />
              </Button>
            </Tooltip>
            {canDelete && (
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={remove}
                loading={deleting.isLoading}
                disabled={logs.length === 0}
              >
                Delete logs
              </Button>
            )}
          </Group>
        </Group>
        {!query.data ? (
          <div className={classes.loading}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={14} my={14} width={`${60 + ((i * 13) % 35)}%`} />
            ))}
          </div>
        ) : logs.length === 0 ? (
          <Center py={56} data-testid="logs-empty">
            <EmptyState
              size="md"
              variant="light"
              color="gray"
              icon={<IconFileText stroke={1.6} />}
              title={level === 'all' ? 'No log lines yet' : `No ${level} lines`}
              description={
                level === 'all'
                  ? 'Readings, heartbeats, commands and refused payloads appear here as the gateway sends them. The Overview tab has the lines to send a first reading.'
                  : 'Nothing at this level among the latest lines.'
              }
              maw={460}
            />
          </Center>
        ) : (
          <LogTable logs={logs} fresh={fresh} />
        )}
      </Paper>
      <Text size="xs" c="dimmed" mt="xs">
        The latest {LOG_LIMIT} lines, newest first. Payloads are kept as received (cut to a few kilobytes).
      </Text>
    </div>
  );
}
