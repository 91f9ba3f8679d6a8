/** The per-row report of a refused import: which rows, which refs, and every problem of each. */
import type { ImportReport as Report } from '@ferrite/contracts';
import { Alert, List, ScrollArea, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { plural } from '../common/format';

/** Shown only when the server answered errors: nothing was written (all or nothing). */
export function ImportReport({ report }: { report: Report }) {
  const problems = report.errors.reduce((sum, row) => sum + row.errors.length, 0);
  return (
    <div data-testid="import-report">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Nothing was imported"
        mb="sm"
      >
        {plural(report.errors.length, 'row')} of {report.rows.toLocaleString('en')}{' '}
        {report.errors.length === 1 ? 'has' : 'have'} {plural(problems, 'problem')}. Fix the file and import
        it again; the import writes all rows or none.
      </Alert>
      <ScrollArea.Autosize mah={300} type="auto">
        <Table striped withTableBorder verticalSpacing={6} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={150}>Ref</Table.Th>
              <Table.Th>Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.errors.map((row) => (
              <Table.Tr key={`${row.row}-${row.ref ?? ''}`} data-report-row={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" truncate>
                    {row.ref ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.errors.length === 1 ? (
                    <Text size="sm">{row.errors[0]}</Text>
                  ) : (
                    <List size="sm" spacing={2}>
                      {row.errors.map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" mt={6}>
        Row numbers count data rows from 1 (the CSV header is not a row).
      </Text>
    </div>
  );
}
