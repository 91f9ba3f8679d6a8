/** A duration in seconds typed as a number and a unit (s, min, h, d); shown in the largest whole unit. */
import { Group, NumberInput, Select, Text } from '@mantine/core';
import { useState } from 'react';

const UNITS = [
  { value: '1', label: 's' },
  { value: '60', label: 'min' },
  { value: '3600', label: 'h' },
  { value: '86400', label: 'd' },
];

/** The largest unit that divides the seconds. */
export function unitOf(seconds: number): number {
  for (const unit of [86_400, 3_600, 60]) if (seconds > 0 && seconds % unit === 0) return unit;
  return seconds === 0 ? 60 : 1;
}

interface DurationInputProps {
  label: string;
  value: number;
  onChange: (seconds: number) => void;
  error?: string;
  description?: string;
  w?: number | string;
  /** Small, with the label in the row (inside a condition leaf). */
  inline?: boolean;
}

/** Number and unit side by side. */
export function DurationInput({ label, value, onChange, error, description, w, inline }: DurationInputProps) {
  const [unit, setUnit] = useState(() => unitOf(value));
  return (
    <Group gap={4} align={inline ? 'center' : 'flex-end'} wrap="nowrap" w={w}>
      {inline && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      )}
      <NumberInput
        size={inline ? 'xs' : undefined}
        label={inline ? undefined : label}
        aria-label={inline ? label : undefined}
        description={description}
        value={value / unit}
        min={0}
        allowDecimal={false}
        onChange={(n) => onChange(Math.round((typeof n === 'number' ? n : 0) * unit))}
        error={error}
        style={{ flex: 1 }}
      />
      <Select
        size={inline ? 'xs' : undefined}
        aria-label={`${label} unit`}
        data={UNITS}
        value={String(unit)}
        onChange={(next) => {
          const nextUnit = Number(next ?? 1);
          setUnit(nextUnit);
          onChange(Math.round((value / unit) * nextUnit));
        }}
        w={inline ? 66 : 74}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        mb={error && !inline ? 20 : 0}
      />
    </Group>
  );
}
