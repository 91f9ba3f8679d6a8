/**
 * The shape Topology and Gateways share (spec §2): My Projects, then a project's page, then a
 * gateway's detail — all under one breadcrumb trail. Each section names itself and draws its own
 * project page.
 */
import { type ReactNode, useCallback } from 'react';
import { TrailBar } from '../../../ui/Breadcrumbs';
import { GatewayDetail } from '../detail/GatewayDetail';
import { ProjectPicker } from '../projects/ProjectPicker';
import { type Crumb, useLocalTrail } from './trail';

export interface ProjectPage {
  projectId: string;
  projectName: string;
  breadcrumbs: ReactNode;
  /** Opens a gateway's detail one step deeper. */
  openGateway: (gateway: { id: string; name: string }) => void;
  /** The trail down to the project, for moving to the other section at the same project. */
  projectTrail: Crumb[];
}

interface ProjectTrailSectionProps {
  title: string;
  trailKey: string;
  /** What the project list says this section is for. */
  description: string;
  initial?: Crumb[] | undefined;
  renderProject: (page: ProjectPage) => ReactNode;
}

/** A section that starts on My Projects and ends on a gateway's detail. */
export function ProjectTrailSection({
  title,
  trailKey,
  description,
  initial,
  renderProject,
}: ProjectTrailSectionProps) {
  const { crumbs, extend, cut, rename } = useLocalTrail(initial);
  const bar = <TrailBar name={title} trailKey={trailKey} crumbs={crumbs} onCut={(_c, index) => cut(index)} />;
  const project = crumbs[1];
  const gateway = crumbs[2];
  const onName = useCallback((name: string) => rename(2, name), [rename]);

  if (project?.id && gateway?.id) {
    return (
      <GatewayDetail
        key={gateway.id}
        gatewayId={gateway.id}
        breadcrumbs={bar}
        onName={onName}
        onGone={() => cut(1)}
      />
    );
  }
  if (project?.id) {
    return renderProject({
      projectId: project.id,
      projectName: project.label,
      breadcrumbs: bar,
      openGateway: (g) => extend({ label: g.name, id: g.id }),
      projectTrail: crumbs.slice(0, 2),
    });
  }
  return (
    <ProjectPicker
      title={title}
      description={description}
      breadcrumbs={bar}
      onOpen={(picked) => extend({ label: picked.name, id: picked.id })}
    />
  );
}
