/**
 * One editable list of a type (metadata fields, properties or parameters): inherited rows first,
 * greyed and labelled with the type they come from, then the type's own rows as inputs with their
 * validation messages, and an add button.
 */
import { DATA_TYPES } from '@ferrite/contracts';
import { ActionIcon, Badge, Button, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { DATA_TYPE_LABELS } from '../values';
import classes from './Types.module.css';
import type { Inherited, RowErrors } from './typeForm';

/** One column of a list: a text input or the data type select. */
export interface RowColumn {
  field: string;
  label: string;
  kind: 'text' | 'dataType';
  /** CSS grid track, e.g. '1.2fr'. */
  width: string;
  placeholder?: string;
}

const DATA_TYPE_OPTIONS = DATA_TYPES.map((value) => ({ value, label: DATA_TYPE_LABELS[value] }));

type Row = Record<string, string>;

export interface FieldRowsProps {
  title: string;
  description: string;
  columns: RowColumn[];
  rows: Row[];
  errors: RowErrors[];
  /** Messages show once the user tried to save, not while a new row is still being filled in. */
  showErrors: boolean;
  inherited: Inherited<Row>[];
  readOnly: boolean;
  addLabel: string;
  onChange: (rows: Row[]) => void;
  /** Names the list in test ids and labels, e.g. 'metadata_fields'. */
  listKey: string;
}

/** The list editor; rows are plain objects of strings, the caller validates them. */
export function FieldRows(props: FieldRowsProps) {
  const { title, description, columns, rows, errors, showErrors, inherited, readOnly, listKey } = props;
  const template = { '--row-columns': `${columns.map((c) => c.width).join(' ')} 36px` } as CSSProperties;
  const ownKeys = new Set(rows.map((row) => row.key?.trim()));
  const update = (at: number, field: string, value: string) =>
    props.onChange(rows.map((row, i) => (i === at ? { ...row, [field]: value } : row)));
  const remove = (at: number) => props.onChange(rows.filter((_, i) => i !== at));
  const add = () => props.onChange([...rows, Object.fromEntries(columns.map((c) => [c.field, '']))]);
  const empty = rows.length === 0 && inherited.length === 0;

  return (
    <section className={classes.rowsSection} data-rows={listKey}>
      <Group justify="space-between" align="flex-end" mb={8} wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
        {!readOnly && (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            {props.addLabel}
          </Button>
        )}
      </Group>
      {empty ? (
        <Text size="xs" c="dimmed" className={classes.rowsEmpty}>
          None yet.
        </Text>
      ) : (
        <div className={classes.rowsGrid} style={template}>
          {columns.map((column) => (
            <Text key={column.field} className={classes.rowsHead}>
              {column.label}
            </Text>
          ))}
          <span />
          {inherited.map(({ field, origin }) => {
            const overridden = ownKeys.has(field.key);
            return (
              <div key={`inherited-${field.key}`} className={classes.inheritedRow} data-inherited={field.key}>
                {columns.map((column, i) => (
                  <div
                    key={column.field}
                    className={classes.inheritedCell}
                    data-overridden={overridden || undefined}
                  >
                    {column.kind === 'dataType'
                      ? (DATA_TYPE_LABELS[field[column.field] as keyof typeof DATA_TYPE_LABELS] ??
                        field[column.field])
                      : field[column.field] || <span className={classes.dim}>—</span>}
                    {i === 0 && (
                      <Badge size="xs" variant="light" color="gray" radius="sm" ml={6} tt="none">
                        {overridden ? `overridden · ${origin.name}` : `from ${origin.name}`}
                      </Badge>
                    )}
                  </div>
                ))}
                <span />
              </div>
            );
          })}
          {rows.map((row, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; keys are edited.
            <div key={at} className={classes.ownRow} data-row-index={at}>
              {columns.map((column) => {
                const error = showErrors ? errors[at]?.[column.field] : undefined;
                const label = `${column.label} ${at + 1}`;
                return column.kind === 'dataType' ? (
                  <Select
                    key={column.field}
                    size="xs"
                    aria-label={label}
                    placeholder="Data type"
                    data={DATA_TYPE_OPTIONS}
                    value={row[column.field] || null}
                    onChange={(value) => update(at, column.field, value ?? '')}
                    error={error}
                    disabled={readOnly}
                    comboboxProps={{ withinPortal: true }}
                    allowDeselect={false}
                  />
                ) : (
                  <TextInput
                    key={column.field}
                    size="xs"
                    aria-label={label}
                    // Examples only on a fresh row: under a filled-in key they would read as values.
                    placeholder={row.key ? undefined : column.placeholder}
                    value={row[column.field] ?? ''}
                    onChange={(event) => update(at, column.field, event.currentTarget.value)}
                    error={error}
                    disabled={readOnly}
                  />
                );
              })}
              {readOnly ? (
                <span />
              ) : (
                <Tooltip label="Remove" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${title.toLowerCase()} row ${at + 1}`}
                    onClick={() => remove(at)}
                    mt={2}
                  >
                    <IconTrash size={15} />
                  </ActionIcon>
                </Tooltip>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
