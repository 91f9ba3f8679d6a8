/** The organization form's fields: identity (name, URL), apps, and limits. */
import { Divider, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBuilding } from '@tabler/icons-react';
import { useRef } from 'react';
import { slugify } from '../../../session/screens/OrgUrlCheck';
import { AppToggles } from './AppToggles';
import { LIMIT_LABELS, type OrgFormValues } from './orgForm';
import { type SlugCheck, SlugField } from './SlugField';

interface OrganizationFormProps {
  form: UseFormReturnType<OrgFormValues>;
  /** Editing: the organization's current URL (not "taken" by itself), and no URL from the name. */
  ownSlug?: string;
  onSlugCheck?: (state: SlugCheck) => void;
}

const LIMIT_KEYS = Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[];

function Heading({ children }: { children: string }) {
  return (
    <Divider
      label={
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.05em' }}>
          {children}
        </Text>
      }
      labelPosition="left"
    />
  );
}

/** The fields; the caller owns the form, the submit and the buttons. */
export function OrganizationForm({ form, ownSlug, onSlugCheck }: OrganizationFormProps) {
  // A new organization's URL follows its name until someone types a URL of their own.
  const slugEdited = useRef(ownSlug !== undefined);
  const nameProps = form.getInputProps('name');

  return (
    <Stack gap="md">
      <Heading>Identity</Heading>
      <TextInput
        label="Organization name"
        placeholder="Acme Foundry"
        required
        data-autofocus
        leftSection={<IconBuilding size={16} aria-hidden />}
        {...nameProps}
        onChange={(event) => {
          const name = event.currentTarget.value;
          form.setFieldValue('name', name);
          if (!slugEdited.current) form.setFieldValue('slug', slugify(name));
        }}
      />
      <SlugField
        value={form.values.slug}
        ownSlug={ownSlug}
        error={form.errors.slug as string | undefined}
        onChange={(slug) => {
          slugEdited.current = true;
          form.setFieldValue('slug', slug);
        }}
        onBlur={() => form.validateField('slug')}
        onCheck={onSlugCheck}
      />

      <Heading>Apps</Heading>
      <AppToggles
        value={form.values.apps}
        onChange={(apps) => form.setFieldValue('apps', apps)}
        withBulk
        compact
        cols={3}
      />

      <Heading>Limits</Heading>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {LIMIT_KEYS.map((key) => (
          <NumberInput
            key={key}
            label={LIMIT_LABELS[key]}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps(`limits.${key}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
