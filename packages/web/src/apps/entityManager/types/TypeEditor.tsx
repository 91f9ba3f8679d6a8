/**
 * The type editor drawer: name, description, parent type (same kind; what it passes down shows greyed
 * with its origin) and the three row lists. Read-only for callers without entityManager.manageTypes.
 */
import type { EntityKind, EntityType } from '@ferrite/contracts';
import { Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifySuccess } from '../../../session/notify';
import { FormDrawer } from '../../../ui/FormDrawer';
import { OPTIONS_PAGE } from '../api/apiBase';
import {
  useCreateEntityTypeMutation,
  useListEntityTypesQuery,
  useUpdateEntityTypeMutation,
} from '../api/typesApi';
import { fieldErrorsOf } from '../common/fieldErrors';
import { useCan, useOrgId } from '../hooks';
import { FieldRows } from './FieldRows';
import { ROW_LISTS } from './rowColumns';
import {
  bodyFromForm,
  formFromType,
  inheritedFields,
  type RowList,
  rowsValid,
  selfAndDescendants,
  type TypeForm,
  validateTypeRows,
} from './typeForm';
import { useDeleteType } from './useTypeActions';

const KIND_LABEL: Record<EntityKind, string> = { asset: 'asset type', sensor: 'sensor type' };
const LISTS: RowList[] = ['metadata_fields', 'properties', 'parameters'];

export interface TypeEditorProps {
  opened: boolean;
  kind: EntityKind;
  /** The type to edit; null creates one. */
  type: EntityType | null;
  onClose: () => void;
}

/** The drawer; its form starts from `type` each time it opens (the caller keys it). */
export function TypeEditor({ opened, kind, type, onClose }: TypeEditorProps) {
  const orgId = useOrgId();
  const readOnly = !useCan()('manageTypes');
  const { data: all } = useListEntityTypesQuery(
    { orgId, kind, ...OPTIONS_PAGE },
    { skip: !orgId || !opened },
  );
  const [create, creating] = useCreateEntityTypeMutation();
  const [update, updating] = useUpdateEntityTypeMutation();
  const deleteType = useDeleteType();
  const [form, setForm] = useState<TypeForm>(() => formFromType(type));
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  const types = all?.types ?? [];
  const byId = useMemo(() => new Map(types.map((t) => [t.id, t])), [types]);
  const inherited = useMemo(() => inheritedFields(byId, form.parent_type_id), [byId, form.parent_type_id]);
  const parentOptions = useMemo(() => {
    const blocked = type ? selfAndDescendants(types, type.id) : new Set<string>();
    const options = types.filter((t) => !blocked.has(t.id)).map((t) => ({ value: t.id, label: t.name }));
    // The current parent may sit beyond the first page of options; keep it choosable.
    const parent = type?.parent_type;
    if (parent && !options.some((o) => o.value === parent.id))
      options.unshift({ value: parent.id, label: parent.name });
    return options;
  }, [types, type]);

  const rowErrors = useMemo(() => validateTypeRows(form), [form]);
  const serverErrors = fieldErrorsOf(problem);
  const nameError = showErrors && !form.name.trim() ? 'Please enter a type name' : serverErrors.name;
  // Server messages for a row ('metadata_fields.0.key') join the client's where the client saw none.
  const errorsOf = (list: RowList) =>
    rowErrors[list].map((row, at) => {
      const merged = { ...row };
      for (const [path, message] of Object.entries(serverErrors)) {
        const match = path.match(new RegExp(`^${list}\\.${at}\\.(\\w+)$`));
        if (match?.[1]) merged[match[1]] ??= message;
      }
      return merged;
    });

  const save = async () => {
    setShowErrors(true);
    setProblem(null);
    if (!form.name.trim() || !rowsValid(rowErrors)) return;
    const body = bodyFromForm(form);
    const result = type
      ? await update({ orgId, kind, id: type.id, body })
      : await create({ orgId, kind, body });
    if (result.error) {
      setProblem(result.error as ApiProblem);
      return;
    }
    notifySuccess(type ? `Type “${body.name}” saved` : `Type “${body.name}” created`);
    onClose();
  };

  const label = KIND_LABEL[kind];
  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={type ? (readOnly ? type.name : `Edit ${label}`) : `New ${label}`}
      description={
        type
          ? `Used by ${type.usage_count} ${type.usage_count === 1 ? 'entity' : 'entities'}`
          : `Fields every ${kind} of this type carries`
      }
      submitLabel={type ? 'Save type' : 'Create type'}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={save}
      readOnly={readOnly}
      problem={problem}
      size={760}
      testId="type-editor"
      footerStart={
        type && !readOnly ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={async () => {
              if (await deleteType(type)) onClose();
            }}
          >
            Delete
          </Button>
        ) : null
      }
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
          error={nameError}
          disabled={readOnly}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={form.description}
          onChange={(event) => setForm({ ...form, description: event.currentTarget.value })}
          disabled={readOnly}
        />
        <Select
          label="Parent type"
          description={`Inherit the fields of another ${label}; its fields show greyed below`}
          placeholder="None (a root type)"
          data={parentOptions}
          value={form.parent_type_id}
          onChange={(value) => setForm({ ...form, parent_type_id: value })}
          clearable
          searchable
          nothingFoundMessage="No such type"
          error={serverErrors.parent_type_id}
          disabled={readOnly}
        />
      </Stack>
      <div>
        {LISTS.map((list) => (
          <FieldRows
            key={list}
            listKey={list}
            {...ROW_LISTS[list]}
            rows={form[list] as unknown as Record<string, string>[]}
            errors={errorsOf(list)}
            showErrors={showErrors}
            inherited={
              inherited[list] as unknown as {
                field: Record<string, string>;
                origin: { id: string; name: string };
              }[]
            }
            readOnly={readOnly}
            onChange={(rows) => setForm({ ...form, [list]: rows })}
          />
        ))}
      </div>
    </FormDrawer>
  );
}
