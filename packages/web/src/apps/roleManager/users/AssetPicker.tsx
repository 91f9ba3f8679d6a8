/** The user form's assets: chosen in a project's hierarchy tree, not typed as ids. */
import type { HierarchyNode } from '@ferrite/contracts';
import { Badge, CloseButton, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { HierarchyChecklist } from '../../../ui/hierarchy/HierarchyChecklist';
import { useProjectHierarchyQuery, useProjectOptionsQuery } from '../api/assetsApi';
import { useOrgId } from '../hooks';

interface AssetPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
}

const NO_NODES: HierarchyNode[] = [];

/** A project chooser over a tree of the project's assets, with the chosen ones as removable badges. */
export function AssetPicker({ value, onChange }: AssetPickerProps) {
  const orgId = useOrgId();
  const projects = useProjectOptionsQuery({ orgId }, { skip: !orgId });
  const [chosenProject, setChosenProject] = useState<string | null>(null);
  const projectId = chosenProject ?? projects.data?.[0]?.id ?? null;
  const hierarchy = useProjectHierarchyQuery(
    { orgId, projectId: projectId ?? '' },
    { skip: !projectId || !orgId },
  );
  // Only assets are looked after; sensors hang under them and are not offered.
  const assets = useMemo(
    () => (hierarchy.currentData ?? NO_NODES).filter((node) => node.kind === 'asset'),
    [hierarchy.currentData],
  );
  const names = useMemo(() => new Map(assets.map((node) => [node.id, node.name])), [assets]);
  const elsewhere = value.filter((id) => !names.has(id)).length;
  const problem = hierarchy.error as ApiProblem | undefined;

  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={500}>
          Assets
        </Text>
        <Text size="xs" c="dimmed">
          Assets this user looks after. Tick them in a project's hierarchy.
        </Text>
      </div>
      <Select
        aria-label="Project of the assets"
        placeholder={projects.isLoading ? 'Loading projects…' : 'No projects yet'}
        data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={projectId}
        onChange={setChosenProject}
        searchable
        allowDeselect={false}
        size="xs"
      />
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem.status === 403
            ? 'Picking assets needs the Entity Manager (view) in your apps.'
            : problem.title}
        </Text>
      ) : hierarchy.isFetching && !hierarchy.currentData ? (
        <Skeleton height={120} radius="md" />
      ) : (
        projectId &&
        hierarchy.currentData && (
          // Mounted once the tree is in, so its first level starts expanded.
          <HierarchyChecklist
            key={projectId}
            nodes={assets}
            selected={value}
            onChange={onChange}
            label="Assets"
            height={220}
          />
        )
      )}
      <Group gap={6} data-testid="chosen-assets">
        {value.length === 0 && (
          <Text size="xs" c="dimmed">
            No assets chosen.
          </Text>
        )}
        {value
          .filter((id) => names.has(id))
          .map((id) => (
            <Badge
              key={id}
              variant="light"
              radius="sm"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${names.get(id)}`}
                  onClick={() => onChange(value.filter((v) => v !== id))}
                />
              }
            >
              {names.get(id)}
            </Badge>
          ))}
        {elsewhere > 0 && (
          <Text size="xs" c="dimmed">
            {elsewhere === 1 ? '1 more asset' : `${elsewhere} more assets`} in other projects
          </Text>
        )}
      </Group>
    </Stack>
  );
}
