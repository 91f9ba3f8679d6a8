/** One leaf of the condition builder: its kind, its parameter and the fields of its kind. */
import { COMPARISON_OPS, COMPARISON_SYMBOLS, type LeafCondition, RATE_DIRECTIONS } from '@ferrite/contracts';
import { ActionIcon, Autocomplete, Group, NumberInput, Paper, Select, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { kindOf, LEAF_KINDS, type LeafKind, newLeaf } from './conditionTree';
import { DurationInput } from './DurationInput';

interface ConditionLeafProps {
  leaf: LeafCondition;
  /** Parameter keys to suggest (the scope's sensor type's parameters, and what the preview saw). */
  params: string[];
  onChange: (leaf: LeafCondition) => void;
  onRemove?: () => void;
  /** The server's message for a field of this leaf ('value', 'param'…), if any. */
  errorOf: (field: string) => string | undefined;
}

const num = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);
const SMALL = { size: 'xs', comboboxProps: { withinPortal: true } } as const;

/** The leaf's row. */
export function ConditionLeaf({ leaf, params, onChange, onRemove, errorOf }: ConditionLeafProps) {
  const kind = kindOf(leaf);
  const param =
    leaf.op === 'expression' ? null : (
      <Autocomplete
        {...SMALL}
        aria-label="Parameter"
        placeholder="parameter"
        data={params}
        value={leaf.param}
        onChange={(value) => onChange({ ...leaf, param: value } as LeafCondition)}
        error={errorOf('param')}
        w={150}
      />
    );
  let fields: React.ReactNode = null;
  switch (leaf.op) {
    case 'expression':
      fields = (
        <Textarea
          size="xs"
          aria-label="Expression"
          placeholder="temperature > 80 && vibration > 4.5"
          value={leaf.expression}
          onChange={(e) => onChange({ ...leaf, expression: e.currentTarget.value })}
          error={errorOf('expression')}
          autosize
          minRows={1}
          style={{ flex: 1, minWidth: 220 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      );
      break;
    case 'between':
    case 'outside':
      fields = (
        <>
          <Select
            {...SMALL}
            aria-label="Range test"
            data={[
              { value: 'between', label: 'between' },
              { value: 'outside', label: 'outside' },
            ]}
            value={leaf.op}
            onChange={(op) => onChange({ ...leaf, op: (op as 'between' | 'outside') ?? 'outside' })}
            allowDeselect={false}
            w={100}
          />
          <NumberInput
            size="xs"
            aria-label="Minimum"
            value={leaf.min}
            onChange={(v) => onChange({ ...leaf, min: num(v) })}
            error={errorOf('min')}
            w={90}
          />
          <NumberInput
            size="xs"
            aria-label="Maximum"
            value={leaf.max}
            onChange={(v) => onChange({ ...leaf, max: num(v) })}
            error={errorOf('max')}
            w={90}
          />
        </>
      );
      break;
    case 'rate':
      fields = (
        <>
          <Select
            {...SMALL}
            aria-label="Direction"
            data={RATE_DIRECTIONS.map((d) => ({
              value: d,
              label: { rise: 'rises by', fall: 'falls by', either: 'changes by' }[d],
            }))}
            value={leaf.direction}
            onChange={(d) => onChange({ ...leaf, direction: (d as typeof leaf.direction) ?? 'rise' })}
            allowDeselect={false}
            w={110}
          />
          <NumberInput
            size="xs"
            aria-label="Change"
            value={leaf.amount}
            min={0}
            onChange={(v) => onChange({ ...leaf, amount: num(v) })}
            error={errorOf('amount')}
            w={80}
          />
          <DurationInput
            label="within"
            value={leaf.window_s}
            onChange={(s) => onChange({ ...leaf, window_s: s })}
            error={errorOf('window_s')}
            w={190}
            inline
          />
        </>
      );
      break;
    case 'no_data':
      fields = (
        <DurationInput
          label="silent for"
          value={leaf.for_s}
          onChange={(s) => onChange({ ...leaf, for_s: s })}
          error={errorOf('for_s')}
          w={200}
          inline
        />
      );
      break;
    case 'is_true':
    case 'is_false':
      fields = (
        <Select
          {...SMALL}
          aria-label="State"
          data={[
            { value: 'is_true', label: 'is on' },
            { value: 'is_false', label: 'is off' },
          ]}
          value={leaf.op}
          onChange={(op) => onChange({ ...leaf, op: (op as 'is_true' | 'is_false') ?? 'is_true' })}
          allowDeselect={false}
          w={90}
        />
      );
      break;
    default:
      fields = (
        <>
          <Select
            {...SMALL}
            aria-label="Comparison"
            data={COMPARISON_OPS.map((op) => ({ value: op, label: COMPARISON_SYMBOLS[op] }))}
            value={leaf.op}
            onChange={(op) => onChange({ ...leaf, op: (op as typeof leaf.op) ?? 'gt' })}
            allowDeselect={false}
            w={64}
          />
          <NumberInput
            size="xs"
            aria-label="Threshold"
            value={leaf.value}
            onChange={(v) => onChange({ ...leaf, value: num(v) })}
            error={errorOf('value')}
            w={100}
          />
        </>
      );
  }
  return (
    <Paper withBorder radius="md" p={6} data-condition-leaf={kind}>
      <Group gap={6} align="flex-end" wrap="wrap">
        <Select
          {...SMALL}
          aria-label="Condition kind"
          data={LEAF_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          value={kind}
          onChange={(next) =>
            next && next !== kind && onChange(newLeaf(next as LeafKind, 'param' in leaf ? leaf.param : ''))
          }
          allowDeselect={false}
          w={150}
        />
        {param}
        {fields}
        {onRemove && (
          <ActionIcon variant="subtle" color="red" aria-label="Remove condition" onClick={onRemove} mb={2}>
            <IconTrash size={15} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
