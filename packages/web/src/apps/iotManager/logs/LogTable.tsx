/** The log lines as a table: time, level, kind, message and points; a line's payload unfolds below it. */
import type { GatewayLog } from '@ferrite/contracts';
import { ActionIcon, Badge, Code, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { formatFullDateTime, useTimes } from '../../../ui/time';
import classes from './Logs.module.css';

export const LEVEL_COLORS: Record<GatewayLog['level'], string> = {
  info: 'blue',
  warn: 'yellow',
  error: 'red',
};
const KIND_COLORS: Record<GatewayLog['kind'], string> = {
  telemetry: 'teal',
  heartbeat: 'gray',
  command: 'grape',
  ack: 'grape',
  firmware: 'orange',
  connect: 'indigo',
  error: 'red',
};

/** A payload as indented JSON when it parses, else as it came. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** The table. */
export function LogTable({ logs, fresh }: { logs: GatewayLog[]; fresh: ReadonlySet<string> }) {
  const times = useTimes();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const now = new Date();
  return (
    <Table className={classes.table} verticalSpacing={6} horizontalSpacing="sm" data-testid="log-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} aria-label="Payload" />
          <Table.Th w={130}>Time</Table.Th>
          <Table.Th w={80}>Level</Table.Th>
          <Table.Th w={150}>Kind</Table.Th>
          <Table.Th>Message</Table.Th>
          <Table.Th w={70} ta="right">
            Points
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.map((log) => {
          const expanded = open.has(log.id);
          return (
            <Fragment key={log.id}>
              <Table.Tr
                data-log={log.id}
                data-level={log.level}
                data-kind={log.kind}
                data-fresh={fresh.has(log.id) || undefined}
                className={classes.row}
              >
                <Table.Td>
                  {log.payload && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={expanded ? 'Hide payload' : 'Show payload'}
                      aria-expanded={expanded}
                      onClick={() => toggle(log.id)}
                      className={classes.chevron}
                      data-open={expanded || undefined}
                    >
                      <IconChevronRight size={14} />
                    </ActionIcon>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" className={classes.mono} title={formatFullDateTime(log.ts)}>
                    {times.eventTime(log.ts, now)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" radius="sm" variant="light" color={LEVEL_COLORS[log.level]}>
                    {log.level}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" radius="sm" variant="dot" color={KIND_COLORS[log.kind]} tt="none">
                    {log.kind}
                  </Badge>
                  {log.transport && (
                    <Text size="xs" c="dimmed" ml={4} component="span">
                      {log.transport}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" className={classes.message} data-level={log.level}>
                    {log.message}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={log.points ? undefined : 'dimmed'} className={classes.mono}>
                    {log.points}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {expanded && log.payload && (
                <Table.Tr className={classes.payloadRow}>
                  <Table.Td />
                  <Table.Td colSpan={5}>
                    <Code block className={classes.payload} data-testid="log-payload">
                      {prettyPayload(log.payload)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
