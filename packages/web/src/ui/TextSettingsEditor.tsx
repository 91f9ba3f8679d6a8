/**
 * Text settings (spec §3): alignment, bold / italic / underline, colour (default #495057) and size
 * (10-24 px, default 14px). Used by the widget editor, threshold rows and report templates.
 *
 *   <TextSettingsEditor label="Title text" value={config.title_settings} onChange={(v) => set({ title_settings: v })} />
 */
import {
  TEXT_ALIGN_LABELS,
  TEXT_ALIGNS,
  TEXT_FONT_SIZES,
  type TextFontSize,
  type TextSettings,
} from '@ferrite/contracts';
import { Chip, ColorInput, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface TextSettingsEditorProps {
  value: TextSettings;
  onChange: (value: TextSettings) => void;
  /** The group's heading, e.g. 'Title text'. */
  label?: string;
}

const DECORATIONS = [
  { key: 'isBold', label: 'Bold' },
  { key: 'isItalic', label: 'Italic' },
  { key: 'isUnderline', label: 'Underline' },
] as const;

/** The text settings form: every control labelled and reachable by keyboard. */
export function TextSettingsEditor({ value, onChange, label = 'Text settings' }: TextSettingsEditorProps) {
  const id = useId();
  const set = (patch: Partial<TextSettings>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" fw={600} id={`${id}-label`}>
        {label}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" id={`${id}-align`}>
            Align
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`${id}-align`}
            value={value.align}
            onChange={(align) => set({ align: align as TextSettings['align'] })}
            data={TEXT_ALIGNS.map((a) => ({ value: a, label: TEXT_ALIGN_LABELS[a] }))}
          />
        </div>
        <Select
          size="xs"
          w={96}
          label="Font size"
          allowDeselect={false}
          value={value.fontSize}
          onChange={(fontSize) => fontSize && set({ fontSize: fontSize as TextFontSize })}
          data={TEXT_FONT_SIZES.map((s) => ({ value: s, label: s }))}
        />
        <ColorInput
          size="xs"
          w={130}
          label="Font colour"
          value={value.fontColor}
          onChange={(fontColor) => set({ fontColor })}
          format="hex"
        />
      </Group>
      <Group gap={6} role="group" aria-label={`${label}: decoration`}>
        {DECORATIONS.map((d) => (
          <Chip
            key={d.key}
            size="xs"
            checked={value[d.key]}
            onChange={(checked) => set({ [d.key]: checked })}
          >
            {d.label}
          </Chip>
        ))}
      </Group>
    </Stack>
  );
}
