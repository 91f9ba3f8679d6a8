/**
 * Logic Chains (spec §2): My Projects, then a project's chains, then the editor of one chain — one
 * breadcrumb trail. The editor's Activity button moves to the Activity section at the same project.
 */
import { useCallback } from 'react';
import { TrailBar } from '../../../ui/Breadcrumbs';
import { type Crumb, useLocalTrail } from '../common/trail';
import { ChainEditor } from '../editor/ChainEditor';
import { useOrgId } from '../hooks';
import { ChainList } from './ChainList';
import { ProjectList } from './ProjectList';

interface LogicChainsSectionProps {
  initial?: Crumb[];
  onActivity: (project: Crumb, chain: Crumb) => void;
}

/** The section's pages by trail depth. */
export function LogicChainsSection({ initial, onActivity }: LogicChainsSectionProps) {
  const orgId = useOrgId();
  const { crumbs, extend, cut, rename } = useLocalTrail(initial);
  const bar = (
    <TrailBar name="Logic chains" trailKey="logicChains" crumbs={crumbs} onCut={(_c, index) => cut(index)} />
  );
  const project = crumbs[1];
  const chain = crumbs[2];
  const onName = useCallback((name: string) => rename(2, name), [rename]);
  if (project?.id && chain?.id && orgId)
    return (
      <ChainEditor
        key={chain.id}
        arg={{ orgId, projectId: project.id, pipelineId: chain.id }}
        trail={bar}
        onName={onName}
        onActivity={() => onActivity(project, chain)}
      />
    );
  if (project?.id)
    return (
      <ChainList
        projectId={project.id}
        breadcrumbs={bar}
        onOpen={(picked) => extend({ label: picked.name, id: picked.id })}
      />
    );
  return <ProjectList breadcrumbs={bar} onOpen={(picked) => extend({ label: picked.name, id: picked.id })} />;
}
