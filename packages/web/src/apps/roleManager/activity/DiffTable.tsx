/**
 * Before and after of one audit entry, path by path, with the changes coloured. A creation (nothing
 * before) or a removal (nothing after) reads as one list of values rather than a half-empty diff.
 */
import { Badge, Code, Group, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTimes } from '../../../ui/time';
import classes from './Activity.module.css';
import { type ChangeKind, type DiffRow, diffEntries } from './diff';

const KIND_COLOR: Record<ChangeKind, string> = {
  added: 'teal',
  removed: 'red',
  changed: 'yellow',
  same: 'gray',
};
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as people read it: instants in local time, a dash for nothing. */
function Value({ text }: { text: string | undefined }) {
  const times = useTimes();
  if (text === undefined) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  return <>{ISO_INSTANT.test(text) ? times.dateTime(text) : text}</>;
}

function Path({ row, showKind }: { row: DiffRow; showKind: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Code className={classes.path}>{row.path}</Code>
      {showKind && row.kind !== 'same' && (
        <Badge size="xs" variant="light" color={KIND_COLOR[row.kind]} radius="sm">
          {row.kind}
        </Badge>
      )}
    </Group>
  );
}

/** The diff table; unchanged fields are hidden until asked for. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const [showAll, setShowAll] = useState(false);
  const rows = diffEntries(before, after);
  const oneSided = before == null || after == null;
  const changed = rows.filter((row) => row.kind !== 'same');
  const shown = showAll || oneSided ? rows : changed;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No details were recorded for this change.
      </Text>
    );
  }
  const summary = oneSided
    ? before == null
      ? 'Recorded when it was created'
      : 'Recorded before it was removed'
    : `${changed.length} ${changed.length === 1 ? 'field' : 'fields'} changed`;
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
        {!oneSided && rows.length > changed.length && (
          <Switch
            size="xs"
            label={`Show ${rows.length - changed.length} unchanged`}
            checked={showAll}
            onChange={(event) => setShowAll(event.currentTarget.checked)}
          />
        )}
      </Group>
      <Table
        className={classes.diff}
        withTableBorder
        verticalSpacing={6}
        horizontalSpacing="sm"
        data-testid="activity-diff"
        data-one-sided={oneSided || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">Field</Table.Th>
            {oneSided ? (
              <Table.Th>Value</Table.Th>
            ) : (
              <>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.path} data-kind={row.kind}>
              <Table.Td>
                <Path row={row} showKind={!oneSided} />
              </Table.Td>
              {oneSided ? (
                <Table.Td>
                  <Value text={row.after ?? row.before} />
                </Table.Td>
              ) : (
                <>
                  <Table.Td className={classes.before}>
                    <Value text={row.before} />
                  </Table.Td>
                  <Table.Td className={classes.after}>
                    <Value text={row.after} />
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
