/**
 * Threshold ranges with the rules of spec §4 and §5: the entire range (min, max), rows whose start
 * follows the previous row's end (only the first start is typed), a row flagged when start >= end, new
 * rows from the last end to the entire max coloured #55B53B, and for boolean parameters exactly two rows
 * (true, false) with no add button. The rules are the pure functions of contracts `widgets/thresholds`.
 *
 *   <ThresholdEditor rows={config.thresholds} entireRange={config.entire_range} dataType={config.data_type}
 *     onChange={(thresholds) => set({ thresholds })} onEntireRangeChange={(entire_range) => set({ entire_range })} />
 */
import {
  canAddThresholdRow,
  type EntireRange,
  newThresholdRange,
  removeThresholdRow,
  THRESHOLD_ROW_ERROR,
  THRESHOLD_SHAPE_TYPES,
  type ThresholdRange,
  thresholdRowFlags,
  thresholdRowsForDataType,
  updateThresholdRow,
  type WidgetDataType,
} from '@ferrite/contracts';
import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTextSize, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { TextSettingsEditor } from './TextSettingsEditor';

interface ThresholdEditorProps {
  rows: readonly ThresholdRange[];
  onChange: (rows: ThresholdRange[]) => void;
  dataType: WidgetDataType;
  entireRange?: EntireRange;
  /** Without it the entire range is not editable here. */
  onEntireRangeChange?: (range: EntireRange) => void;
}

const toNumber = (value: string | number): number | null => (value === '' ? null : Number(value));

/** The threshold table of a widget. */
export function ThresholdEditor({
  rows,
  onChange,
  dataType,
  entireRange,
  onEntireRangeChange,
}: ThresholdEditorProps) {
  const shown = thresholdRowsForDataType(dataType, rows);
  const flags = thresholdRowFlags(shown, dataType);
  const boolean = dataType === 'boolean';
  const [textOpen, setTextOpen] = useState<number | null>(null);
  const shownKey = JSON.stringify(shown);
  const rowsKey = JSON.stringify(rows);
  // Boolean parameters always store their two rows; numeric rows are stored chained.
  useEffect(() => {
    if (shownKey !== rowsKey) onChange(JSON.parse(shownKey) as ThresholdRange[]);
  }, [shownKey, rowsKey, onChange]);

  const update = (index: number, patch: Partial<ThresholdRange>) =>
    onChange(updateThresholdRow(shown, index, patch));

  return (
    <Stack gap="sm">
      {entireRange && onEntireRangeChange && !boolean ? (
        <Group gap="sm" role="group" aria-label="Entire range">
          <NumberInput
            size="xs"
            w={120}
            label="Entire range min"
            placeholder="0"
            value={entireRange.min ?? ''}
            onChange={(v) => onEntireRangeChange({ ...entireRange, min: toNumber(v) })}
          />
          <NumberInput
            size="xs"
            w={120}
            label="Entire range max"
            placeholder="100"
            value={entireRange.max ?? ''}
            onChange={(v) => onEntireRangeChange({ ...entireRange, max: toNumber(v) })}
            error={
              entireRange.min !== null && entireRange.max !== null && entireRange.min >= entireRange.max
                ? 'Max must be greater than min'
                : undefined
            }
          />
        </Group>
      ) : null}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No threshold ranges yet.
        </Text>
      ) : null}
      {shown.map((row, i) => {
        const name = boolean ? `Row ${row.rangeText}` : `Row ${i + 1}`;
        return (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (each start follows the previous end).
            key={i}
            withBorder
            p="xs"
            radius="md"
            role="group"
            aria-label={name}
            data-flagged={flags[i] ? 'true' : undefined}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              {boolean ? (
                <Text size="sm" fw={700} w={60} data-testid="boolean-row">
                  {row.rangeText}
                </Text>
              ) : (
                <>
                  <NumberInput
                    size="xs"
                    w={90}
                    label={`${name} start`}
                    value={row.from}
                    // Only the first start is typed: the others follow the previous end.
                    readOnly={i > 0}
                    variant={i > 0 ? 'filled' : 'default'}
                    onChange={(v) => update(i, { from: Number(v) || 0 })}
                  />
                  <NumberInput
                    size="xs"
                    w={90}
                    label={`${name} end`}
                    value={row.to}
                    error={flags[i] ? THRESHOLD_ROW_ERROR : undefined}
                    onChange={(v) => update(i, { to: Number(v) || 0 })}
                  />
                </>
              )}
              <ColorInput
                size="xs"
                w={120}
                label={`${name} colour`}
                format="hex"
                value={row.color}
                onChange={(color) => update(i, { color })}
              />
              <TextInput
                size="xs"
                w={120}
                label={`${name} range text`}
                value={row.rangeText}
                readOnly={boolean}
                onChange={(e) => update(i, { rangeText: e.currentTarget.value })}
              />
              <TextInput
                size="xs"
                w={120}
                label={`${name} condition text`}
                value={row.conditionText}
                onChange={(e) => update(i, { conditionText: e.currentTarget.value })}
              />
              <Select
                size="xs"
                w={100}
                label={`${name} shape`}
                allowDeselect={false}
                value={row.shapeType}
                data={THRESHOLD_SHAPE_TYPES.map((s) => ({
                  value: s,
                  label: s[0]!.toUpperCase() + s.slice(1),
                }))}
                onChange={(shapeType) =>
                  shapeType && update(i, { shapeType: shapeType as ThresholdRange['shapeType'] })
                }
              />
              <ColorInput
                size="xs"
                w={120}
                label={`${name} shape colour`}
                format="hex"
                value={row.shapeColor}
                onChange={(shapeColor) => update(i, { shapeColor })}
              />
              <ActionIcon
                variant="subtle"
                aria-label={`${name} text settings`}
                aria-expanded={textOpen === i}
                onClick={() => setTextOpen(textOpen === i ? null : i)}
              >
                <IconTextSize size={16} />
              </ActionIcon>
              {boolean ? null : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name.toLowerCase()}`}
                  onClick={() => onChange(removeThresholdRow(shown, i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            {textOpen === i ? (
              <TextSettingsEditor
                label={`${name} text`}
                value={row.text_settings}
                onChange={(text_settings) => update(i, { text_settings })}
              />
            ) : null}
          </Paper>
        );
      })}
      {canAddThresholdRow(dataType) ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          w="fit-content"
          onClick={() => onChange([...shown, newThresholdRange(shown, entireRange)])}
        >
          Add range
        </Button>
      ) : null}
    </Stack>
  );
}
