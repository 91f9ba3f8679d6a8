/** One input per metadata field of the chosen type, typed by its data type, with the unit beside it. */
import type { MetadataField } from '@ferrite/contracts';
import { SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DATA_TYPE_LABELS } from '../values';

interface MetadataInputsProps {
  fields: readonly MetadataField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
  disabled?: boolean;
}

/** Booleans are a three-way switch (unset, yes, no); numbers and text are text inputs checked on save. */
export function MetadataInputs({ fields, values, errors, onChange, disabled }: MetadataInputsProps) {
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This type defines no metadata fields.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
      {fields.map((field) => {
        const value = values[field.key] ?? '';
        const error = errors[`metadata.${field.key}`];
        const label = field.unit ? `${field.key} (${field.unit})` : field.key;
        const hint = DATA_TYPE_LABELS[field.data_type];
        if (field.data_type === 'boolean') {
          return (
            <div key={field.key} data-metadata-key={field.key}>
              <Text size="sm" fw={500} mb={4}>
                {label}{' '}
                <Text span size="xs" c="dimmed">
                  {hint}
                </Text>
              </Text>
              <SegmentedControl
                size="xs"
                fullWidth
                aria-label={field.key}
                value={value}
                onChange={(next) => onChange(field.key, next)}
                disabled={disabled}
                data={[
                  { value: '', label: 'Not set' },
                  { value: 'true', label: 'Yes' },
                  { value: 'false', label: 'No' },
                ]}
              />
              {error && (
                <Text size="xs" c="red" mt={4}>
                  {error}
                </Text>
              )}
            </div>
          );
        }
        return (
          <TextInput
            key={field.key}
            data-metadata-key={field.key}
            label={label}
            description={hint}
            inputMode={field.data_type === 'string' ? 'text' : 'decimal'}
            placeholder={field.default_value || undefined}
            value={value}
            onChange={(event) => onChange(field.key, event.currentTarget.value)}
            rightSection={
              field.unit ? (
                <Text size="xs" c="dimmed">
                  {field.unit}
                </Text>
              ) : null
            }
            rightSectionWidth={field.unit ? Math.min(80, 16 + field.unit.length * 8) : undefined}
            error={error}
            disabled={disabled}
          />
        );
      })}
    </SimpleGrid>
  );
}
