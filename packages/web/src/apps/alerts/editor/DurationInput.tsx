/** A duration in seconds typed as a number and a unit (s, min, h, d); shown in the largest whole unit. */
import { Group, NumberInput, Select } from '@mantine/core';
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
}

/** Number and unit side by side. */
export function DurationInput({ label, value, onChange, error, description, w }: DurationInputProps) {
  const [unit, setUnit] = useState(() => unitOf(value));
  return (
    <Group gap={4} align="flex-end" wrap="nowrap" w={w}>
      <NumberInput
        label={label}
        description={description}
        value={value / unit}
        min={0}
        allowDecimal={false}
        onChange={(n) => onChange(Math.round((typeof n === 'number' ? n : 0) * unit))}
        error={error}
        style={{ flex: 1 }}
      />
      <Select
        aria-label={`${label} unit`}
        data={UNITS}
        value={String(unit)}
        onChange={(next) => {
          const nextUnit = Number(next ?? 1);
          setUnit(nextUnit);
          onChange(Math.round((value / unit) * nextUnit));
        }}
        w={74}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        mb={error ? 20 : 0}
      />
    </Group>
  );
}
