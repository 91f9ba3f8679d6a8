/** The Gateways section (spec §2): My Projects, then the project's gateway list (Active/Archived), then a gateway. */
import { ProjectTrailSection } from '../common/ProjectTrailSection';
import type { Crumb, IotNavigate } from '../common/trail';
import { GatewayList } from './GatewayList';

/** The section. */
export function GatewaysSection({ initial, onNavigate }: { initial?: Crumb[]; onNavigate: IotNavigate }) {
  return (
    <ProjectTrailSection
      title="Gateways"
      trailKey="iotGateways"
      description="Choose a project to manage its gateways: credentials, parameters, mapping, logs, commands and firmware."
      initial={initial}
      renderProject={(page) => (
        <GatewayList
          key={page.projectId}
          projectId={page.projectId}
          projectName={page.projectName}
          breadcrumbs={page.breadcrumbs}
          onOpen={page.openGateway}
          onTopology={() => onNavigate('topology', page.projectTrail)}
        />
      )}
    />
  );
}
