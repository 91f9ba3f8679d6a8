/** An entity picker of a config form: one entity (Select) or several (MultiSelect), searchable. */
import { Loader, MultiSelect, Select } from '@mantine/core';
import { usePickerOptions } from './usePickerOptions';

interface PickerFieldProps {
  picker: string;
  projectId: string;
  label: string;
  description?: string;
  required?: boolean;
  multiple: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** A searchable entity picker; an id no longer among the options still shows (as its id). */
export function PickerField({ picker, projectId, multiple, value, onChange, ...labels }: PickerFieldProps) {
  const { options, loading } = usePickerOptions(picker, projectId);
  const chosen = multiple
    ? Array.isArray(value)
      ? value.map(String)
      : []
    : typeof value === 'string'
      ? value
      : '';
  const known = new Set(options.map((o) => o.value));
  const data = [
    ...options,
    ...(Array.isArray(chosen) ? chosen : chosen ? [chosen] : [])
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: id })),
  ];
  const common = {
    ...labels,
    data,
    searchable: true,
    nothingFoundMessage: loading ? 'Loading…' : 'Nothing found',
    rightSection: loading ? <Loader size={14} /> : undefined,
    size: 'xs' as const,
    comboboxProps: { withinPortal: true },
  };
  return multiple ? (
    <MultiSelect {...common} value={chosen as string[]} onChange={onChange} placeholder="Pick…" />
  ) : (
    <Select
      {...common}
      value={(chosen as string) || null}
      onChange={(v) => onChange(v ?? '')}
      placeholder="Pick…"
      clearable
    />
  );
}
