/**
 * Actuation: send a named command with a JSON value, and follow each one from pending to delivered to
 * acknowledged (or failed, timed out). Status changes arrive on the socket; without it, the history
 * is polled every 5 s while a command is still open.
 */
import { type Command, type Gateway, SOCKET_EVENTS } from '@ferrite/contracts';
import {
  Badge,
  Button,
  Center,
  Chip,
  EmptyState,
  Grid,
  Group,
  JsonInput,
  NumberInput,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconSend, IconTerminal2 } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSocketRoom } from '../../../app/socket';
import { notifySuccess } from '../../../session/notify';
import { formatRelative, useTimes } from '../../../ui/time';
import { operationsApi, useListCommandsQuery, useSendCommandMutation } from '../api/operationsApi';
import { shortJson } from '../common/format';
import detail from '../detail/Detail.module.css';
import { fieldErrorsOf, notifyProblem, problemOf, useErrorToast, useOrgId } from '../hooks';
import classes from './Commands.module.css';
import { COMMAND_TEMPLATES, type CommandForm, checkCommand, EMPTY_COMMAND } from './commandForm';

export const COMMAND_PAGE_SIZE = 20;
const POLL_MS = 5_000;

export const STATUS_COLORS: Record<Command['status'], string> = {
  pending: 'gray',
  delivered: 'blue',
  acknowledged: 'teal',
  failed: 'red',
  timed_out: 'orange',
};
const OPEN: readonly Command['status'][] = ['pending', 'delivered'];

function SendForm({ gateway }: { gateway: Gateway }) {
  const orgId = useOrgId();
  const [send, { isLoading }] = useSendCommandMutation();
  const [form, setForm] = useState<CommandForm>(EMPTY_COMMAND);
  const [errors, setErrors] = useState<Partial<Record<keyof CommandForm, string>>>({});
  const set = (field: keyof CommandForm, value: string | number) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const checked = checkCommand(form);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    const result = await send({ orgId, gatewayId: gateway.id, body: checked.body });
    if (result.error) {
      const fields = fieldErrorsOf(problemOf(result.error));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyProblem(result.error);
      return;
    }
    notifySuccess(`Sent ${result.data.name}`, 'It is pending until the device picks it up.');
    setForm((current) => ({ ...EMPTY_COMMAND, timeout_s: current.timeout_s }));
  };

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card}>
      <Text fw={650}>Send a command</Text>
      <Text size="xs" c="dimmed" mb="md">
        Delivered on {gateway.protocol === 'MQTT' ? `${gateway.topic}/commands` : 'the next commands poll'}.
        The device answers with an acknowledgement.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Chip.Group>
            <Group gap={6}>
              {COMMAND_TEMPLATES.map((template) => (
                <Chip
                  key={template.name}
                  size="xs"
                  variant="outline"
                  checked={form.name === template.name && form.value === template.value}
                  onChange={() => {
                    setForm((current) => ({ ...current, name: template.name, value: template.value }));
                    setErrors({});
                  }}
                >
                  {template.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <TextInput
            label="Name"
            placeholder="e.g. reboot, set_interval"
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            classNames={{ input: classes.mono }}
            required
          />
          <JsonInput
            label="Value (JSON)"
            placeholder={'{ "seconds": 30 }'}
            value={form.value}
            onChange={(value) => set('value', value)}
            error={errors.value}
            formatOnBlur
            autosize
            minRows={4}
            maxRows={12}
            classNames={{ input: classes.mono }}
            required
            data-testid="command-value"
          />
          <NumberInput
            label="Timeout (seconds)"
            description="Marked timed out when not acknowledged by then"
            value={form.timeout_s}
            onChange={(value) => set('timeout_s', value)}
            error={errors.timeout_s}
            min={5}
            max={86_400}
            allowDecimal={false}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={isLoading}>
              Send command
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function History({ gateway }: { gateway: Gateway }) {
  const times = useTimes();
  const orgId = useOrgId();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const args = useMemo(
    () => ({ orgId, gatewayId: gateway.id, page, pageSize: COMMAND_PAGE_SIZE }),
    [orgId, gateway.id, page],
  );
  const onCommand = useCallback(
    (command: Command) => {
      if (command.gateway_id !== gateway.id) return;
      dispatch(
        operationsApi.util.updateQueryData('listCommands', args, (draft) => {
          const at = draft.commands.findIndex((c) => c.id === command.id);
          if (at >= 0) draft.commands[at] = command;
          else if (page === 1) {
            draft.commands.unshift(command);
            draft.commands.splice(COMMAND_PAGE_SIZE);
            draft.total_entries += 1;
          }
        }),
      );
    },
    [dispatch, args, gateway.id, page],
  );
  const room = useSocketRoom(orgId ? { kind: 'gatewayLogs', orgId, gatewayId: gateway.id } : null, {
    [SOCKET_EVENTS.gatewayCommand]: onCommand,
  });
  const [open, setOpen] = useState(false);
  const query = useListCommandsQuery(args, {
    skip: !orgId,
    pollingInterval: open && room !== 'live' ? POLL_MS : 0,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  useErrorToast(query.error);
  const commands = query.data?.commands ?? [];
  const anyOpen = commands.some((c) => OPEN.includes(c.status));
  // Poll only while something is still on its way (the polling option needs it before the next answer).
  useEffect(() => setOpen(anyOpen), [anyOpen]);
  const pages = Math.max(1, Math.ceil((query.data?.total_entries ?? 0) / COMMAND_PAGE_SIZE));
  const now = new Date();

  return (
    <Paper withBorder radius="lg" className={classes.card} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" p="md" className={classes.historyHead}>
        <Group gap="xs">
          <Text fw={650}>History</Text>
          {query.data && (
            <Badge variant="light" color="gray" radius="sm" size="sm">
              {query.data.total_entries}
            </Badge>
          )}
        </Group>
        {pages > 1 && <Pagination size="xs" total={pages} value={page} onChange={setPage} />}
      </Group>
      {!query.data ? (
        <Stack p="md" gap="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={18} />
          ))}
        </Stack>
      ) : commands.length === 0 ? (
        <Center py={48}>
          <EmptyState
            size="sm"
            variant="light"
            color="gray"
            icon={<IconTerminal2 stroke={1.6} />}
            title="No commands sent yet"
            description="Commands sent to this gateway, and what the device answered, are listed here."
            maw={380}
          />
        </Center>
      ) : (
        <Table verticalSpacing={8} horizontalSpacing="md" highlightOnHover data-testid="command-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Command</Table.Th>
              <Table.Th w={150}>Status</Table.Th>
              <Table.Th w={130}>Sent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {commands.map((command) => (
              <Table.Tr key={command.id} data-command={command.name}>
                <Table.Td style={{ maxWidth: 0 }}>
                  <Text size="sm" fw={600} className={classes.mono} truncate>
                    {command.name}
                  </Text>
                  <Text
                    size="xs"
                    c="dimmed"
                    className={classes.mono}
                    truncate
                    title={shortJson(command.value, 2000)}
                  >
                    {shortJson(command.value, 120)}
                  </Text>
                  {command.result != null && (
                    <Text
                      size="xs"
                      className={classes.mono}
                      truncate
                      c={command.status === 'failed' ? 'red' : 'teal'}
                    >
                      ↳ {shortJson(command.result, 120)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Tooltip
                    label={
                      OPEN.includes(command.status)
                        ? `Times out ${times.dateTime(command.expires_at)}`
                        : `Done ${times.dateTime(command.completed_at)}`
                    }
                    withArrow
                  >
                    <Badge
                      variant="light"
                      radius="sm"
                      tt="none"
                      color={STATUS_COLORS[command.status]}
                      data-status={command.status}
                      className={OPEN.includes(command.status) ? classes.openStatus : undefined}
                      style={{ flex: 'none' }}
                    >
                      {command.status.replace('_', ' ')}
                    </Badge>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={times.dateTime(command.created_at)} withArrow>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatRelative(command.created_at, now)}
                    </Text>
                  </Tooltip>
                  <Text size="xs" c="dimmed" truncate>
                    {command.created_by?.name ?? 'system'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The Commands tab. */
export function CommandsTab({ gateway, canSend }: { gateway: Gateway; canSend: boolean }) {
  return (
    <div className={detail.content}>
      <Grid gap="lg">
        {canSend && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <SendForm gateway={gateway} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, lg: canSend ? 7 : 12 }}>
          <History gateway={gateway} />
        </Grid.Col>
      </Grid>
    </div>
  );
}
