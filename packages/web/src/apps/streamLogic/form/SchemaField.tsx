/**
 * One property of a generated config form, by what its JSON Schema says: text, a monospace editor
 * (`widget`), a number, a switch, a choice (enum), an entity picker (`picker`), a list of words, a list
 * of sub-forms (a switch's routes), a group (object), or one of several shapes (oneOf with a
 * discriminator, e.g. "which sensors": chosen / of a type / under an asset).
 */
import {
  Fieldset,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ListField } from './ListField';
import { PickerField } from './PickerField';
import { discriminatorOf, fieldKind, initialValue, type JsonSchema, labelOf, resolve } from './schema';

export interface SchemaFieldProps {
  name: string;
  schema: JsonSchema;
  root: JsonSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  required?: boolean;
  projectId: string;
  /** Field errors by path ('scope.sensor_ids'), from the schema's own problems. */
  path: string;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** The properties of an object schema, each its own field. */
export function ObjectFields({
  schema,
  root,
  value,
  onChange,
  projectId,
  path,
  skip,
}: Omit<SchemaFieldProps, 'name'> & { skip?: string }) {
  const object =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return (
    <Stack gap="sm">
      {Object.entries(schema.properties ?? {})
        .filter(([key]) => key !== skip)
        .map(([key, prop]) => (
          <SchemaField
            key={key}
            name={key}
            schema={prop}
            root={root}
            value={object[key]}
            required={schema.required?.includes(key)}
            onChange={(next) => onChange({ ...object, [key]: next })}
            projectId={projectId}
            path={path ? `${path}.${key}` : key}
          />
        ))}
    </Stack>
  );
}

function VariantsField({ name, schema, root, value, onChange, projectId, path }: SchemaFieldProps) {
  const variants = (schema.oneOf ?? schema.anyOf ?? []).map((v) => resolve(v, root));
  const key = discriminatorOf(variants);
  const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const current = key
    ? (variants.find((v) => v.properties?.[key]?.const === object[key]) ?? variants[0])
    : variants[0];
  const label = labelOf(name, schema);
  if (!key || !current)
    return (
      <JsonField
        name={name}
        schema={schema}
        root={root}
        value={value}
        onChange={onChange}
        projectId={projectId}
        path={path}
      />
    );
  const choices = variants.map((v) => ({
    value: String(v.properties?.[key]?.const),
    label: v.title ?? String(v.properties?.[key]?.const),
  }));
  const pick = (chosen: string) => {
    const variant = variants.find((v) => String(v.properties?.[key]?.const) === chosen);
    if (variant) onChange(initialValue(variant, root));
  };
  return (
    <Fieldset legend={label} variant="filled" p="xs">
      {schema.description && (
        <Text size="xs" c="dimmed" mb={6}>
          {schema.description}
        </Text>
      )}
      {choices.length <= 3 ? (
        <SegmentedControl
          size="xs"
          fullWidth
          mb="sm"
          data={choices}
          value={String(object[key])}
          onChange={pick}
          aria-label={label}
        />
      ) : (
        <Select
          size="xs"
          mb="sm"
          data={choices}
          value={String(object[key])}
          onChange={(v) => v && pick(v)}
          aria-label={label}
        />
      )}
      <ObjectFields
        schema={current}
        root={root}
        value={object}
        onChange={onChange}
        projectId={projectId}
        path={path}
        skip={key}
      />
    </Fieldset>
  );
}

function JsonField({ name, schema, value, onChange }: SchemaFieldProps) {
  return (
    <Textarea
      size="xs"
      label={labelOf(name, schema)}
      description="JSON"
      defaultValue={JSON.stringify(value ?? null, null, 2)}
      onBlur={(e) => {
        try {
          onChange(JSON.parse(e.currentTarget.value));
        } catch {
          // Left as typed until it parses; the deploy's validation names the field.
        }
      }}
      autosize
      minRows={2}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

/** One property as its widget. */
export function SchemaField(props: SchemaFieldProps) {
  const { name, root, value, onChange, required, projectId } = props;
  const schema = resolve(props.schema, root);
  const label = labelOf(name, schema);
  const common = { label, description: schema.description, required, size: 'xs' as const };
  switch (fieldKind(schema)) {
    case 'object':
      return (
        <Fieldset legend={label} variant="filled" p="xs">
          <ObjectFields {...props} schema={schema} />
        </Fieldset>
      );
    case 'variants':
      return <VariantsField {...props} schema={schema} />;
    case 'enum':
      return (
        <Select
          {...common}
          data={(schema.enum ?? []).map(String)}
          value={value === undefined ? null : String(value)}
          onChange={(v) => onChange(v ?? undefined)}
          allowDeselect={false}
        />
      );
    case 'text':
      return (
        <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'longText':
      return (
        <Textarea
          {...common}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={schema.widget === 'code' ? 6 : 2}
          maxRows={18}
          spellCheck={false}
          data-widget={schema.widget}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
      );
    case 'picker':
    case 'pickerMany':
      return (
        <PickerField
          {...common}
          picker={schema.picker ?? schema.items?.picker ?? ''}
          projectId={projectId}
          multiple={fieldKind(schema) === 'pickerMany'}
          value={value}
          onChange={onChange}
        />
      );
    case 'number':
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? undefined : Number(v))}
          allowDecimal={fieldKind(schema) === 'number'}
          min={schema.minimum ?? schema.exclusiveMinimum}
          max={schema.maximum ?? schema.exclusiveMaximum}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          description={schema.description}
          size="sm"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'enumMany':
      return (
        <MultiSelect
          {...common}
          data={(schema.items?.enum ?? []).map(String)}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
          placeholder="Type and press Enter"
        />
      );
    case 'list':
      return <ListField {...props} schema={schema} label={label} />;
    default:
      return <JsonField {...props} schema={schema} />;
  }
}
