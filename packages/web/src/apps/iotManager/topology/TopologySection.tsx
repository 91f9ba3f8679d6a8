/**
 * The Topology section (spec §2): My Projects, then a project's topology picture, then (from a node)
 * the gateway's detail — all under one breadcrumb trail.
 */
import { useCallback } from 'react';
import { TrailBar } from '../../../ui/Breadcrumbs';
import { type Crumb, type IotNavigate, useLocalTrail } from '../common/trail';
import { GatewayDetail } from '../detail/GatewayDetail';
import { ProjectPicker } from '../projects/ProjectPicker';
import { ProjectTopology } from './ProjectTopology';

/** The section. */
export function TopologySection({ initial, onNavigate }: { initial?: Crumb[]; onNavigate: IotNavigate }) {
  const { crumbs, extend, cut, rename } = useLocalTrail(initial);
  const bar = (
    <TrailBar name="Topology" trailKey="iotTopology" crumbs={crumbs} onCut={(_c, index) => cut(index)} />
  );
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
    return (
      <ProjectTopology
        key={project.id}
        projectId={project.id}
        projectName={project.label}
        breadcrumbs={bar}
        onOpen={(g) => extend({ label: g.name, id: g.id })}
        onList={() => onNavigate('gateways', crumbs.slice(0, 2))}
      />
    );
  }
  return (
    <ProjectPicker
      title="Topology"
      description="Choose a project to see its gateways, their status and the sensors they feed."
      breadcrumbs={bar}
      onOpen={(picked) => extend({ label: picked.name, id: picked.id })}
    />
  );
}
