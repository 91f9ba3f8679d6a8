/** A list of sub-forms (e.g. a switch's routes): each item its own group, with add and remove. */
import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ObjectFields, type SchemaFieldProps } from './SchemaField';
import { initialValue, type JsonSchema, labelOf, resolve } from './schema';

interface ListFieldProps extends SchemaFieldProps {
  label: string;
}

/** The list's items and an "Add" button. */
export function ListField({ name, schema, root, value, onChange, projectId, path, label }: ListFieldProps) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = resolve(schema.items ?? {}, root) as JsonSchema;
  const noun = labelOf(name, schema).replace(/s$/, '').toLowerCase();
  return (
    <Fieldset legend={label} variant="filled" p="xs">
      {schema.description && (
        <Text size="xs" c="dimmed" mb={6}>
          {schema.description}
        </Text>
      )}
      <Stack gap="xs">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an item is its position in the list.
          <Group key={index} align="flex-start" gap={6} wrap="nowrap" data-list-item={index}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <ObjectFields
                schema={itemSchema}
                root={root}
                value={item}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                projectId={projectId}
                path={`${path}.${index}`}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={22}
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...items, initialValue(itemSchema, root)])}
        >
          Add {noun}
        </Button>
      </Stack>
    </Fieldset>
  );
}
