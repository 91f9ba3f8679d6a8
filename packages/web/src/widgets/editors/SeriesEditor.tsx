/**
 * Widget series (spec §3): name, colour, axis, unit and the custom formula y = m·x + c. Binding a series
 * to a sensor parameter (its key) is the dashboard's job; this edits how a bound series is shown.
 */
import {
  DEFAULT_CUSTOM_FORMULA,
  formatCustomFormula,
  SERIES_AXES,
  type WidgetSeries,
  widgetSeriesSchema,
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
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface SeriesEditorProps {
  series: readonly WidgetSeries[];
  onChange: (series: WidgetSeries[]) => void;
  /** At most this many series (scatter plots two, indicators one). */
  max?: number;
}

/** The list of series with their display settings. */
export function SeriesEditor({ series, onChange, max = 20 }: SeriesEditorProps) {
  const update = (index: number, patch: Partial<WidgetSeries>) =>
    onChange(series.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Stack gap="sm">
      {series.length === 0 ? (
        <Text size="sm" c="dimmed">
          No series bound yet.
        </Text>
      ) : null}
      {series.map((s, i) => {
        const name = `Series ${i + 1}`;
        const formula = s.custom_formula ?? DEFAULT_CUSTOM_FORMULA;
        return (
          <Paper key={s.key || i} withBorder p="xs" radius="md" role="group" aria-label={name}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                size="xs"
                w={150}
                label={`${name} name`}
                value={s.name}
                onChange={(e) => update(i, { name: e.currentTarget.value })}
              />
              <ColorInput
                size="xs"
                w={130}
                label={`${name} colour`}
                format="hex"
                placeholder="Palette"
                value={s.color ?? ''}
                onChange={(color) => update(i, { color: color || null })}
              />
              <Select
                size="xs"
                w={90}
                label={`${name} axis`}
                allowDeselect={false}
                value={s.axes}
                data={SERIES_AXES.map((a) => ({ value: a, label: a === 'left' ? 'Left' : 'Right' }))}
                onChange={(axes) => axes && update(i, { axes: axes as WidgetSeries['axes'] })}
              />
              <TextInput
                size="xs"
                w={80}
                label={`${name} unit`}
                value={s.unit}
                onChange={(e) => update(i, { unit: e.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${name.toLowerCase()}`}
                onClick={() => onChange(series.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Group gap="xs" align="flex-end" mt="xs">
              <Switch
                size="xs"
                label={`${name} custom formula`}
                checked={formula.sl_equation}
                onChange={(e) =>
                  update(i, { custom_formula: { ...formula, sl_equation: e.currentTarget.checked } })
                }
              />
              <NumberInput
                size="xs"
                w={80}
                label="m"
                aria-label={`${name} formula m`}
                disabled={!formula.sl_equation}
                value={formula.m}
                onChange={(m) => update(i, { custom_formula: { ...formula, m: Number(m) || 0 } })}
              />
              <NumberInput
                size="xs"
                w={80}
                label="c"
                aria-label={`${name} formula c`}
                disabled={!formula.sl_equation}
                value={formula.c}
                onChange={(c) => update(i, { custom_formula: { ...formula, c: Number(c) || 0 } })}
              />
              {formula.sl_equation ? (
                <Text size="xs" c="dimmed">
                  {formatCustomFormula(formula)}
                </Text>
              ) : null}
            </Group>
          </Paper>
        );
      })}
      {series.length < max ? (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange([...series, widgetSeriesSchema.parse({ name: `Series ${series.length + 1}` })])
          }
        >
          Add series
        </Button>
      ) : null}
    </Stack>
  );
}
