/** Gauge colour stops (spec §3: stop in percent, colour; defaults 10 #55BF3B, 50 #DDDF0D, 90 #DF5353). */
import { type ColorStop, defaultColorStops } from '@ferrite/contracts';
import { ActionIcon, Button, ColorInput, Group, NumberInput, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface ColorStopsEditorProps {
  stops: readonly ColorStop[];
  onChange: (stops: ColorStop[]) => void;
}

/** Rows of stop percent and colour, plus add and reset. */
export function ColorStopsEditor({ stops, onChange }: ColorStopsEditorProps) {
  const update = (index: number, patch: Partial<ColorStop>) =>
    onChange(stops.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Stack gap="xs">
      {stops.map((stop, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stops are positional.
        <Group key={i} gap="xs" align="flex-end" role="group" aria-label={`Colour stop ${i + 1}`}>
          <NumberInput
            size="xs"
            w={100}
            label={`Stop ${i + 1} (%)`}
            min={0}
            max={100}
            value={stop.stop}
            onChange={(v) => update(i, { stop: Math.min(100, Math.max(0, Number(v) || 0)) })}
          />
          <ColorInput
            size="xs"
            w={130}
            label={`Stop ${i + 1} colour`}
            format="hex"
            value={stop.color}
            onChange={(color) => update(i, { color })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove colour stop ${i + 1}`}
            onClick={() => onChange(stops.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...stops, { stop: 100, color: '#DF5353' }])}
        >
          Add stop
        </Button>
        <Button size="xs" variant="subtle" onClick={() => onChange(defaultColorStops())}>
          Reset to defaults
        </Button>
      </Group>
    </Stack>
  );
}
