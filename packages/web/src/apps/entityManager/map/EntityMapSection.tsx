/**
 * The Entity Map section: a project list under 'Entity Map Projects', then the project's map. A
 * point's popup opens its detail in the Assets or Sensors section (through a focus request).
 */
import { Badge, Center, EmptyState, Group, Loader, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useAppDispatch } from '../../../app/hooks';
import { Breadcrumbs, TrailHeading, useTrail } from '../../../ui/Breadcrumbs';
import { useGetClientConfigQuery } from '../api/clientConfigApi';
import { useGetHierarchyQuery } from '../api/hierarchyApi';
import { plural } from '../common/format';
import { useOrgId } from '../hooks';
import { ProjectList } from '../projects/ProjectList';
import { focusRequested } from '../store';
import { locatedNodes } from './geojson';
import classes from './Map.module.css';

const EntityMap = lazy(() => import('./EntityMap'));

function MapLoading() {
  return (
    <Center h="100%">
      <Loader size="sm" />
    </Center>
  );
}

/** One project's map; `onNavigate` moves the window to the section that shows a point's detail. */
function ProjectMap({
  project,
  onNavigate,
}: {
  project: { id: string; name: string };
  onNavigate: (section: string) => void;
}) {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const hierarchy = useGetHierarchyQuery({ orgId, projectId: project.id }, { skip: !orgId });
  const config = useGetClientConfigQuery();
  const nodes = hierarchy.data?.nodes;
  const located = useMemo(() => locatedNodes(nodes ?? []), [nodes]);
  const problem = hierarchy.error as ApiProblem | undefined;

  let body = <MapLoading />;
  if (problem) {
    body = (
      <Center h="100%">
        <Text c="red">{problem.title}</Text>
      </Center>
    );
  } else if (nodes && located.length === 0) {
    body = (
      <Center h="100%" p="xl" data-map-state="empty">
        <EmptyState
          size="lg"
          variant="light"
          color="teal"
          icon={<IconMapPinOff stroke={1.6} />}
          title="Nothing to place on the map yet"
          description={
            nodes.length === 0
              ? 'This project has no assets or sensors. Build its hierarchy in the Assets section, or import a CSV with latitude and longitude columns.'
              : `None of the project's ${plural(nodes.length, 'entity', 'entities')} has a location. Give them latitude and longitude in their editor, or import them with coordinates.`
          }
          maw={460}
        />
      </Center>
    );
  } else if (nodes && !config.isLoading) {
    body = (
      <Suspense fallback={<MapLoading />}>
        <EntityMap
          nodes={located}
          styleUrl={config.data?.map_style_url ?? null}
          onOpen={(point) => {
            const section = point.kind === 'asset' ? 'assets' : 'sensors';
            dispatch(focusRequested({ section, project, entityId: point.id }));
            onNavigate(section);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className={classes.page} data-project-id={project.id}>
      <div className={classes.header}>
        <Group gap="sm" wrap="nowrap">
          <TrailHeading heading={project.name}>
            <Breadcrumbs trail="entityMapProjects" />
          </TrailHeading>
          {nodes && nodes.length > 0 && (
            <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="located-count">
              {located.length.toLocaleString('en')} of {plural(nodes.length, 'entity', 'entities')} located
            </Badge>
          )}
        </Group>
      </div>
      {body}
    </div>
  );
}

/** The section. */
export function EntityMapSection({ onNavigate }: { onNavigate: (section: string) => void }) {
  const { crumbs, extend } = useTrail('entityMapProjects');
  const project = crumbs[1];
  if (project?.id)
    return (
      <ProjectMap
        key={project.id}
        project={{ id: project.id, name: project.label }}
        onNavigate={onNavigate}
      />
    );
  return (
    <ProjectList
      trail="entityMapProjects"
      title="Entity map"
      description="Choose a project to see its located assets and sensors on a map."
      onOpen={(picked) => extend({ label: picked.name, id: picked.id })}
    />
  );
}
