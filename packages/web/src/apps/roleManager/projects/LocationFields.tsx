/** The project's location: an address and optional coordinates. */
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMapPin } from '@tabler/icons-react';
import type { ProjectValues } from './projectForm';

/** Address, latitude and longitude inputs. */
export function LocationFields({ form }: { form: UseFormReturnType<ProjectValues> }) {
  return (
    <Stack gap="xs">
      <TextInput
        label="Address"
        placeholder="Street, city, country"
        leftSection={<IconMapPin size={16} />}
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput
          label="Latitude"
          placeholder="e.g. 52.52"
          min={-90}
          max={90}
          decimalScale={6}
          hideControls
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label="Longitude"
          placeholder="e.g. 13.40"
          min={-180}
          max={180}
          decimalScale={6}
          hideControls
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
    </Stack>
  );
}
