/**
 * Binding a widget's series to sensor parameters: per series a project → sensor → parameter picker over
 * the entity hierarchy (Entity Manager API). A series bound before keeps showing its sensor until the
 * user picks another project.
 */
import type { Entity } from '@ferrite/contracts';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useBindingProjectsQuery, useBindingSensorsQuery } from '../api/entitiesApi';
import { problemOf, useOrgId } from '../hooks';

/** One series' binding as the editor holds it. */
export interface Binding {
  /** Stable row key. */
  id: string;
  projectId: string | null;
  sensorId: string | null;
  paramKey: string | null;
  /** Shown while the sensor is not in a loaded list (a series bound before). */
  sensorName?: string;
  unit?: string;
  /** The sensor's type, whose properties may give the parameter's range. */
  typeId?: string;
}

let nextRow = 0;
/** A new empty row (in the project of the row before, which is usually what people want). */
export function newBinding(projectId: string | null = null): Binding {
  nextRow += 1;
  return { id: `row-${nextRow}`, projectId, sensorId: null, paramKey: null };
}

interface RowProps {
  index: number;
  binding: Binding;
  projects: { value: string; label: string }[];
  onChange: (patch: Partial<Binding>) => void;
  onRemove?: () => void;
}

function BindingRow({ index, binding, projects, onChange, onRemove }: RowProps) {
  const orgId = useOrgId();
  const sensors = useBindingSensorsQuery(
    { orgId, projectId: binding.projectId ?? '' },
    { skip: !orgId || !binding.projectId },
  );
  const list: Entity[] = sensors.data?.entities ?? [];
  const sensor = list.find((s) => s.id === binding.sensorId);
  const sensorOptions = list.map((s) => ({ value: s.id, label: s.name }));
  if (binding.sensorId && !sensor) {
    sensorOptions.unshift({ value: binding.sensorId, label: binding.sensorName ?? 'Bound sensor' });
  }
  const paramOptions = sensor
    ? sensor.parameters.map((p) => ({ value: p.key, label: p.unit ? `${p.key} (${p.unit})` : p.key }))
    : binding.paramKey
      ? [{ value: binding.paramKey, label: binding.paramKey }]
      : [];
  const n = index + 1;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Series ${n} binding`}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <Select
          label="Project"
          aria-label={`Series ${n} project`}
          placeholder="Choose a project"
          data={projects}
          value={binding.projectId}
          searchable
          nothingFoundMessage="No project"
          style={{ flex: 1 }}
          onChange={(projectId) =>
            onChange({ projectId, sensorId: null, paramKey: null, sensorName: undefined })
          }
        />
        <Select
          label="Sensor"
          aria-label={`Series ${n} sensor`}
          placeholder={binding.projectId ? 'Choose a sensor' : 'Project first'}
          data={sensorOptions}
          value={binding.sensorId}
          disabled={sensorOptions.length === 0}
          searchable
          nothingFoundMessage={sensors.isFetching ? 'Loading…' : 'No sensor'}
          style={{ flex: 1.2 }}
          onChange={(sensorId) => {
            const picked = list.find((s) => s.id === sensorId);
            const only = picked?.parameters.length === 1 ? picked.parameters[0] : undefined;
            onChange({
              sensorId,
              sensorName: picked?.name,
              typeId: picked?.type.id,
              paramKey: only?.key ?? null,
              unit: only?.unit,
            });
          }}
        />
        <Select
          label="Parameter"
          aria-label={`Series ${n} parameter`}
          placeholder="Choose a parameter"
          data={paramOptions}
          value={binding.paramKey}
          disabled={paramOptions.length === 0}
          searchable
          style={{ flex: 1 }}
          onChange={(paramKey) =>
            onChange({
              paramKey,
              unit: sensor?.parameters.find((p) => p.key === paramKey)?.unit,
              typeId: sensor?.type.id ?? binding.typeId,
            })
          }
        />
        {onRemove ? (
          <Tooltip label="Remove this series" withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remove series ${n}`}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Paper>
  );
}

interface BindingRowsProps {
  bindings: Binding[];
  max: number;
  onChange: (bindings: Binding[]) => void;
}

/** Every series' binding, with add and remove. */
export function BindingRows({ bindings, max, onChange }: BindingRowsProps) {
  const orgId = useOrgId();
  const projects = useBindingProjectsQuery({ orgId }, { skip: !orgId });
  const options = (projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }));
  const update = (index: number, patch: Partial<Binding>) =>
    onChange(bindings.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <Stack gap="sm">
      {projects.error ? (
        <Text size="sm" c="red">
          {problemOf(projects.error).status === 403
            ? 'Binding sensors needs the Entity Manager: ask an administrator for it.'
            : problemOf(projects.error).title}
        </Text>
      ) : null}
      {bindings.map((binding, index) => (
        <BindingRow
          key={binding.id}
          index={index}
          binding={binding}
          projects={options}
          onChange={(patch) => update(index, patch)}
          onRemove={bindings.length > 1 ? () => onChange(bindings.filter((_, i) => i !== index)) : undefined}
        />
      ))}
      {bindings.length < max ? (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange([...bindings, newBinding(bindings[bindings.length - 1]?.projectId ?? null)])
          }
        >
          Add a series
        </Button>
      ) : null}
    </Stack>
  );
}
