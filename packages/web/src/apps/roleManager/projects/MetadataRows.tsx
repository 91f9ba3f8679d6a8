/** Metadata key/value rows of the project form, with add and remove. */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { metadataRow, type ProjectValues } from './projectForm';

/** The editable list of metadata rows. */
export function MetadataRows({ form }: { form: UseFormReturnType<ProjectValues> }) {
  const rows = form.values.metadata;
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Add facts about the project, such as a site code or a cost centre.
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={row.rowKey} gap="xs" align="flex-start" wrap="nowrap" data-metadata-row={index}>
          <TextInput
            placeholder="Key"
            aria-label={`Metadata key ${index + 1}`}
            style={{ flex: 2 }}
            {...form.getInputProps(`metadata.${index}.key`)}
          />
          <TextInput
            placeholder="Value"
            aria-label={`Metadata value ${index + 1}`}
            style={{ flex: 3 }}
            {...form.getInputProps(`metadata.${index}.value`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={36}
            aria-label={`Remove metadata row ${index + 1}`}
            onClick={() => form.removeListItem('metadata', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('metadata', metadataRow())}
        >
          Add row
        </Button>
      </Group>
    </Stack>
  );
}
