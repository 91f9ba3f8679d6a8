/**
 * The Gateways section (spec §2): My Projects, then the project's gateway list (Active/Archived), then
 * a gateway's detail — all under one breadcrumb trail.
 */
import { useCallback } from 'react';
import { TrailBar } from '../../../ui/Breadcrumbs';
import { type Crumb, type IotNavigate, useLocalTrail } from '../common/trail';
import { GatewayDetail } from '../detail/GatewayDetail';
import { ProjectPicker } from '../projects/ProjectPicker';
import { GatewayList } from './GatewayList';

/** The section. */
export function GatewaysSection({ initial, onNavigate }: { initial?: Crumb[]; onNavigate: IotNavigate }) {
  const { crumbs, extend, cut, rename } = useLocalTrail(initial);
  const bar = (
    <TrailBar name="Gateways" trailKey="iotGateways" crumbs={crumbs} onCut={(_c, index) => cut(index)} />
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
      <GatewayList
        key={project.id}
        projectId={project.id}
        projectName={project.label}
        breadcrumbs={bar}
        onOpen={(g) => extend({ label: g.name, id: g.id })}
        onTopology={() => onNavigate('topology', crumbs.slice(0, 2))}
      />
    );
  }
  return (
    <ProjectPicker
      title="Gateways"
      description="Choose a project to manage its gateways: credentials, parameters, mapping, logs, commands and firmware."
      breadcrumbs={bar}
      onOpen={(picked) => extend({ label: picked.name, id: picked.id })}
    />
  );
}
