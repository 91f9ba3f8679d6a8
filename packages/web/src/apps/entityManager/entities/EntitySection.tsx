/**
 * The Sensors and Assets sections: a project list under the section's trail ("Sensor's Projects",
 * "Assets's Projects"); opening a project adds it as the trail's second step and shows its workspace.
 */
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useTrail } from '../../../ui/Breadcrumbs';
import { ProjectList } from '../projects/ProjectList';
import {
  focusTaken,
  projectOpened,
  type EntitySection as Section,
  selectEntityManager,
  typeKindChanged,
} from '../store';
import { ProjectWorkspace } from './ProjectWorkspace';

const SECTIONS = {
  sensors: {
    trail: 'sensorProjects',
    title: 'Sensors',
    description: 'Choose a project to see its sensors, where they hang in the hierarchy, and their data.',
    kind: 'sensor',
  },
  assets: {
    trail: 'assetProjects',
    title: 'Assets',
    description:
      'Choose a project to build and browse its asset hierarchy: sites, lines, machines and their sensors.',
    kind: 'asset',
  },
} as const;

/** The section; `onNavigate` leads to the type lists (Settings). */
export function EntitySection({
  section,
  onNavigate,
}: {
  section: Section;
  onNavigate: (section: string) => void;
}) {
  const dispatch = useAppDispatch();
  const spec = SECTIONS[section];
  // The trail is the section's "where am I": crumb 1 is the open project.
  const { crumbs, extend } = useTrail(spec.trail);
  const focus = useAppSelector((state) => selectEntityManager(state).focus);

  // The map asked to show an entity here: open its project (after useTrail's reset) and select it.
  useEffect(() => {
    if (!focus || focus.section !== section) return;
    extend({ label: focus.project.name, id: focus.project.id });
    dispatch(focusTaken());
  }, [focus, section, extend, dispatch]);

  const project = crumbs[1];
  if (project?.id) {
    return (
      <ProjectWorkspace
        key={project.id}
        section={section}
        trail={spec.trail}
        project={{ id: project.id, name: project.label }}
      />
    );
  }
  return (
    <ProjectList
      trail={spec.trail}
      title={spec.title}
      description={spec.description}
      onOpen={(picked) => {
        dispatch(projectOpened(section));
        extend({ label: picked.name, id: picked.id });
      }}
      action={
        <Button
          variant="default"
          leftSection={<IconSettings size={16} />}
          onClick={() => {
            dispatch(typeKindChanged(spec.kind));
            onNavigate('settings');
          }}
        >
          {spec.kind === 'asset' ? 'Asset types' : 'Sensor types'}
        </Button>
      }
    />
  );
}
