/**
 * One editable parameter list (static or streaming): key, value (a JSON path for streaming ones), data
 * type and unit per row, each with its message; rows are added at the bottom and removed in place.
 */
import { DATA_TYPES } from '@ferrite/contracts';
import { ActionIcon, Badge, Button, Group, Paper, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DATA_TYPE_LABELS } from '../common/labels';
import classes from './Parameters.module.css';
import { EMPTY_ROW, type ParamField, type ParamList, type ParamRow, type RowErrors } from './paramRows';

const DATA_TYPE_OPTIONS = DATA_TYPES.map((value) => ({ value, label: DATA_TYPE_LABELS[value] }));

const COPY: Record<
  ParamList,
  { title: string; description: string; value: string; placeholder: Partial<ParamRow> }
> = {
  static_params: {
    title: 'Static parameters',
    description: 'Fixed facts of the gateway or its device: firmware, location, rated values.',
    value: 'Value',
    placeholder: { key: 'firmware', value: 'v2.1.0', unit: '-' },
  },
  streaming_params: {
    title: 'Streaming parameters',
    description:
      'What each reading carries, and where: the value is the JSON path of the field in the payload.',
    value: 'JSON path',
    placeholder: { key: 'temperature', value: 'data.temp', unit: '°C' },
  },
};

interface ParamTableProps {
  list: ParamList;
  rows: ParamRow[];
  errors: RowErrors[];
  readOnly: boolean;
  onChange: (rows: ParamRow[]) => void;
  /** Right of the title, e.g. a count of mapped parameters. */
  aside?: ReactNode;
}

/** The table of one list. */
export function ParamTable({ list, rows, errors, readOnly, onChange, aside }: ParamTableProps) {
  const copy = COPY[list];
  const label = list === 'static_params' ? 'static' : 'streaming';
  const update = (at: number, field: ParamField, value: string) =>
    onChange(rows.map((row, i) => (i === at ? { ...row, [field]: value } : row)));
  const remove = (at: number) => onChange(rows.filter((_, i) => i !== at));
  const add = () => onChange([...rows, { ...EMPTY_ROW }]);

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card} data-params={list}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Text fw={650}>{copy.title}</Text>
            <Badge variant="light" color="gray" radius="sm" size="sm">
              {rows.length}
            </Badge>
            {aside}
          </Group>
          <Text size="xs" c="dimmed">
            {copy.description}
          </Text>
        </div>
        {!readOnly && (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            Add {label} parameter
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" className={classes.empty}>
          {list === 'streaming_params'
            ? 'No streaming parameters yet. Add one for each value a reading carries (temperature, humidity…).'
            : 'No static parameters yet.'}
        </Text>
      ) : (
        <div className={classes.grid}>
          <div className={classes.head}>
            {['Key', copy.value, 'Data type', 'Unit'].map((h) => (
              <Text key={h} className={classes.headCell}>
                {h}
              </Text>
            ))}
            <span />
          </div>
          {rows.map((row, at) => {
            const rowErrors = errors[at] ?? {};
            const n = at + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; keys are edited.
              <div key={at} className={classes.row} data-row-index={at}>
                <TextInput
                  size="xs"
                  aria-label={`${label} key ${n}`}
                  placeholder={at === 0 ? copy.placeholder.key : undefined}
                  value={row.key}
                  onChange={(e) => update(at, 'key', e.currentTarget.value)}
                  error={rowErrors.key}
                  readOnly={readOnly}
                  classNames={{ input: classes.mono }}
                />
                <TextInput
                  size="xs"
                  aria-label={`${label} ${copy.value.toLowerCase()} ${n}`}
                  placeholder={at === 0 ? copy.placeholder.value : undefined}
                  value={row.value}
                  onChange={(e) => update(at, 'value', e.currentTarget.value)}
                  error={rowErrors.value}
                  readOnly={readOnly}
                  classNames={{ input: classes.mono }}
                />
                <Select
                  size="xs"
                  aria-label={`${label} data type ${n}`}
                  placeholder="Data type"
                  data={DATA_TYPE_OPTIONS}
                  value={row.data_type || null}
                  onChange={(value) => update(at, 'data_type', value ?? '')}
                  error={rowErrors.data_type}
                  readOnly={readOnly}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <TextInput
                  size="xs"
                  aria-label={`${label} unit ${n}`}
                  placeholder={at === 0 ? copy.placeholder.unit : undefined}
                  value={row.unit}
                  onChange={(e) => update(at, 'unit', e.currentTarget.value)}
                  error={rowErrors.unit}
                  readOnly={readOnly}
                />
                {readOnly ? (
                  <span />
                ) : (
                  <Tooltip label="Remove" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${label} parameter ${n}`}
                      onClick={() => remove(at)}
                      mt={2}
                    >
                      <IconTrash size={15} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </div>
            );
          })}
        </div>
      )}
    </Paper>
  );
}
