/** The Topology section (spec §2): My Projects, then a project's topology picture, then (from a node) a gateway. */
import { ProjectTrailSection } from '../common/ProjectTrailSection';
import type { Crumb, IotNavigate } from '../common/trail';
import { ProjectTopology } from './ProjectTopology';

/** The section. */
export function TopologySection({ initial, onNavigate }: { initial?: Crumb[]; onNavigate: IotNavigate }) {
  return (
    <ProjectTrailSection
      title="Topology"
      trailKey="iotTopology"
      description="Choose a project to see its gateways, their status and the sensors they feed."
      initial={initial}
      renderProject={(page) => (
        <ProjectTopology
          key={page.projectId}
          projectId={page.projectId}
          projectName={page.projectName}
          breadcrumbs={page.breadcrumbs}
          onOpen={page.openGateway}
          onList={() => onNavigate('gateways', page.projectTrail)}
        />
      )}
    />
  );
}
