/**
 * Picks a sensor or an asset the way the dashboards' binding pickers do: a project, then one of its
 * entities by name (searchable, with its place in the hierarchy). A member without the Entity Manager
 * sees why the lists are empty.
 */
import type { Entity } from '@ferrite/contracts';
import { Group, Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAlertEntitiesQuery, useAlertProjectsQuery } from '../api/pickersApi';
import { useOrgId } from '../hooks';

interface EntityPickerProps {
  kind: 'sensor' | 'asset';
  value: string | null;
  onChange: (id: string | null, entity: Entity | null) => void;
  error?: string;
  label?: string;
}

/** Project and entity selects side by side. */
export function EntityPicker({ kind, value, onChange, error, label }: EntityPickerProps) {
  const orgId = useOrgId();
  const projects = useAlertProjectsQuery({ orgId }, { skip: !orgId });
  const [projectId, setProjectId] = useState<string | null>(null);
  const list = projects.data?.projects ?? [];
  // The first project is chosen for the user: most organizations have one.
  useEffect(() => {
    if (!projectId && list.length > 0) setProjectId(list[0]?.id ?? null);
  }, [projectId, list]);
  const entities = useAlertEntitiesQuery(
    { orgId, projectId: projectId ?? '', kind },
    { skip: !orgId || !projectId },
  );
  const items = entities.data?.entities ?? [];
  const noun = kind === 'sensor' ? 'Sensor' : 'Asset';
  return (
    <div>
      <Group gap="xs" grow align="flex-start">
        <Select
          label="Project"
          data={list.map((p) => ({ value: p.id, label: p.name }))}
          value={projectId}
          onChange={setProjectId}
          placeholder={projects.isError ? 'Projects cannot be listed' : 'Choose a project'}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={label ?? noun}
          data={items.map((e) => ({
            value: e.id,
            label: e.hierarchy.length ? `${e.name} — ${e.hierarchy.map((h) => h.name).join(' / ')}` : e.name,
          }))}
          value={items.some((e) => e.id === value) ? value : null}
          onChange={(id) => onChange(id, items.find((e) => e.id === id) ?? null)}
          placeholder={
            value && !items.some((e) => e.id === value) ? 'Chosen (another project)' : `Choose a ${kind}`
          }
          searchable
          nothingFoundMessage={`No ${kind}s`}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${kind}-picker`}
        />
      </Group>
      {entities.isError && (
        <Text size="xs" c="dimmed" mt={4}>
          Your role cannot list {kind}s (the Entity Manager).
        </Text>
      )}
    </div>
  );
}
