/**
 * Create or edit an asset or sensor: name, type (its metadata fields follow), parent asset, description,
 * caretakers, metadata typed per data type, location and, for sensors, the position (default indoor).
 */
import type { Entity, EntityKind } from '@ferrite/contracts';
import {
  Divider,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconHome, IconSun } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifySuccess } from '../../../session/notify';
import { FormDrawer } from '../../../ui/FormDrawer';
import { OPTIONS_PAGE } from '../api/apiBase';
import { useCreateEntityMutation, useUpdateEntityMutation } from '../api/entitiesApi';
import { useListEmUsersQuery } from '../api/peopleApi';
import { useListEntityTypesQuery } from '../api/typesApi';
import { fieldErrorsOf } from '../common/fieldErrors';
import { useOrgId } from '../hooks';
import {
  bodyFromEntityForm,
  type EntityForm,
  formFromEntity,
  metadataForType,
  type SensorPosition,
  validateEntityForm,
} from './entityForm';
import { MetadataInputs } from './MetadataInputs';
import { PlaceSearch } from './PlaceSearch';

const TOP_LEVEL = '__top__';

export interface EntityFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  kind: EntityKind;
  projectId: string;
  /** The entity to edit; null creates one under `parentId`. */
  entity: Entity | null;
  parentId: string | null;
  /** The project's assets, as parent choices. */
  assets: { value: string; label: string }[];
  onSaved: (entity: Entity) => void;
}

/** The drawer; the caller keys it so every opening starts from a fresh form. */
export function EntityFormDrawer(props: EntityFormDrawerProps) {
  const { opened, onClose, kind, projectId, entity, assets } = props;
  const orgId = useOrgId();
  const types = useListEntityTypesQuery({ orgId, kind, ...OPTIONS_PAGE }, { skip: !orgId || !opened }).data
    ?.types;
  const users = useListEmUsersQuery({ orgId }, { skip: !orgId || !opened });
  const [create, creating] = useCreateEntityMutation();
  const [update, updating] = useUpdateEntityMutation();
  const [form, setForm] = useState<EntityForm>(() => formFromEntity(entity, props.parentId));
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  const type = types?.find((t) => t.id === form.type_id);
  const fields = type?.effective.metadata_fields ?? [];
  const errors = { ...fieldErrorsOf(problem), ...(showErrors ? validateEntityForm(form, fields) : {}) };
  const set = (patch: Partial<EntityForm>) => setForm((current) => ({ ...current, ...patch }));

  const typeOptions = useMemo(() => {
    const options = (types ?? []).map((t) => ({ value: t.id, label: t.name }));
    if (entity && !options.some((o) => o.value === entity.type.id))
      options.unshift({ value: entity.type.id, label: entity.type.name });
    return options;
  }, [types, entity]);
  const parentOptions = useMemo(
    () => [
      { value: TOP_LEVEL, label: 'Top level of the project' },
      ...assets.filter((a) => a.value !== entity?.id),
    ],
    [assets, entity],
  );
  // People already caring for it stay listed even when the user list is not readable (403).
  const caretakerOptions = useMemo(() => {
    const options = new Map((users.data ?? []).map((u) => [u.id, `${u.name} · ${u.email}`]));
    for (const person of entity?.caretakers ?? [])
      if (!options.has(person.id)) options.set(person.id, person.name);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [users.data, entity]);

  const save = async () => {
    setShowErrors(true);
    setProblem(null);
    if (Object.keys(validateEntityForm(form, fields)).length > 0) return;
    const body = bodyFromEntityForm(form, fields);
    const result = entity
      ? await update({ orgId, projectId, kind, id: entity.id, body })
      : await create({ orgId, projectId, kind, body });
    if (result.error) {
      setProblem(result.error as ApiProblem);
      return;
    }
    notifySuccess(entity ? `Saved “${body.name}”` : `Created ${kind} “${body.name}”`);
    props.onSaved(result.data);
    onClose();
  };

  const word = kind === 'asset' ? 'asset' : 'sensor';
  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={entity ? `Edit ${entity.name}` : `New ${word}`}
      description={entity ? `${entity.type.name} · ${word}` : `Add a ${word} to the project's hierarchy`}
      submitLabel={entity ? 'Save' : `Create ${word}`}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={save}
      problem={problem}
      size={640}
      testId="entity-editor"
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Group grow align="flex-start">
          <Select
            label="Type"
            required
            placeholder={types && types.length === 0 ? `No ${word} types yet` : `Choose a ${word} type`}
            data={typeOptions}
            value={form.type_id}
            searchable
            onChange={(value) => {
              const next = types?.find((t) => t.id === value);
              set({
                type_id: value,
                metadata: metadataForType(form.metadata, next?.effective.metadata_fields ?? []),
              });
            }}
            error={errors.type_id}
          />
          <Select
            label="Parent asset"
            data={parentOptions}
            value={form.parent_id ?? TOP_LEVEL}
            onChange={(value) => set({ parent_id: value === TOP_LEVEL || !value ? null : value })}
            searchable
            limit={100}
            allowDeselect={false}
            error={errors.parent_id}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={form.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <MultiSelect
          label="Caretakers"
          description={
            users.error
              ? 'Only people already assigned are listed: your role may not list the organization’s users.'
              : 'People who look after it'
          }
          placeholder={form.caretaker_ids.length ? undefined : 'Pick people'}
          data={caretakerOptions}
          value={form.caretaker_ids}
          onChange={(value) => set({ caretaker_ids: value })}
          searchable
          clearable
          error={errors.caretaker_ids}
        />
      </Stack>
      <Divider label="Metadata" labelPosition="left" />
      {type ? (
        <MetadataInputs
          fields={fields}
          values={form.metadata}
          errors={errors}
          onChange={(key, value) => set({ metadata: { ...form.metadata, [key]: value } })}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a type to fill in its metadata.
        </Text>
      )}
      <Divider label="Location" labelPosition="left" />
      <PlaceSearch
        onPick={(place) => set({ latitude: String(place.latitude), longitude: String(place.longitude) })}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Latitude"
          placeholder="52.52000"
          inputMode="decimal"
          value={form.latitude}
          onChange={(e) => set({ latitude: e.currentTarget.value })}
          error={errors.latitude ?? errors['location.latitude']}
        />
        <TextInput
          label="Longitude"
          placeholder="13.40500"
          inputMode="decimal"
          value={form.longitude}
          onChange={(e) => set({ longitude: e.currentTarget.value })}
          error={errors.longitude ?? errors['location.longitude']}
        />
      </Group>
      {kind === 'sensor' && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            Position
          </Text>
          <SegmentedControl
            aria-label="Position"
            value={form.position}
            onChange={(value) => set({ position: value as SensorPosition })}
            data={[
              {
                value: 'indoor',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconHome size={14} />
                    Indoor
                  </Group>
                ),
              },
              {
                value: 'outdoor',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconSun size={14} />
                    Outdoor
                  </Group>
                ),
              },
            ]}
          />
        </div>
      )}
    </FormDrawer>
  );
}
