/** Activity (hidden in the menu, spec §2; reached from the editor): My Projects, then a project's activity. */
import { TrailBar } from '../../../ui/Breadcrumbs';
import { ProjectList } from '../chains/ProjectList';
import { type Crumb, useLocalTrail } from '../common/trail';
import { ActivityList } from './ActivityList';

/** The section, opened at a project (and chain) when the editor sent the user here. */
export function ActivitySection({
  initial,
  chain,
}: {
  initial?: Crumb[];
  chain?: { id: string; name: string };
}) {
  const { crumbs, extend, cut } = useLocalTrail(initial);
  const bar = (
    <TrailBar name="Activity" trailKey="streamActivity" crumbs={crumbs} onCut={(_c, index) => cut(index)} />
  );
  const project = crumbs[1];
  if (project?.id)
    return (
      <ActivityList
        projectId={project.id}
        breadcrumbs={bar}
        chain={initial?.[1]?.id === project.id ? chain : undefined}
      />
    );
  return <ProjectList breadcrumbs={bar} onOpen={(p) => extend({ label: p.name, id: p.id })} />;
}
