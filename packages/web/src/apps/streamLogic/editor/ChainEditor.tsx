/**
 * The logic-chain editor (spec §2 "a logic-chain editor with a selected chain, action and node"): the
 * palette, the canvas with live message counts, the selected node's settings and trace, and deploy by
 * revision with its conflict dialog, problems and versions.
 */
import type { ChainProblem, NodeKind, Pipeline } from '@ferrite/contracts';
import { Center, Loader } from '@mantine/core';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import type { ChainArg } from '../api/apiBase';
import { useListNodeKindsQuery } from '../api/nodesApi';
import { useGetChainQuery } from '../api/pipelinesApi';
import { EmptyProblem } from '../common/EmptyProblem';
import { useCan } from '../hooks';
import { useChainTrace } from '../trace/useChainTrace';
import { useDebug } from '../trace/useDebug';
import { ConflictDialog } from './ConflictDialog';
import classes from './Editor.module.css';
import { EditorCanvas } from './EditorCanvas';
import { EditorToolbar } from './EditorToolbar';
import { connect, freeSpot, removeElements } from './graph';
import { Palette } from './Palette';
import { ProblemsList } from './ProblemsList';
import { SidePanel } from './SidePanel';
import { useChainEditor } from './useChainEditor';
import { useDeploy } from './useDeploy';
import { useEditorKeys } from './useEditorKeys';
import { VersionsDrawer } from './VersionsDrawer';

interface ChainEditorProps {
  arg: ChainArg;
  trail: ReactNode;
  onName?: (name: string) => void;
  onActivity: () => void;
}

function EditorBody({
  arg,
  trail,
  chain,
  kinds,
  onActivity,
}: Omit<ChainEditorProps, 'onName'> & { chain: Pipeline; kinds: NodeKind[] | undefined }) {
  const can = useCan();
  const flow = useReactFlow();
  const editor = useChainEditor();
  const query = useGetChainQuery(arg);
  const readOnly = !can('editChains');
  const byType = useMemo(() => new Map((kinds ?? []).map((k) => [k.type, k])), [kinds]);
  // The chain is loaded once; later answers (a deploy's own) must not wipe the edit. Reload asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first answer loads.
  useEffect(() => editor.load(chain), [chain.id]);
  const deploy = useDeploy(arg, editor, editor.load);
  const { trace } = useChainTrace(arg);
  const debug = useDebug(arg, chain);
  const [versions, setVersions] = useState(false);
  const onKeyDown = useEditorKeys(editor, readOnly);

  const problems = deploy.problems;
  const extras = useMemo(
    () => ({
      trace,
      problemNodes: new Set((problems ?? []).map((p) => p.node_id).filter((id): id is string => !!id)),
      problemEdges: new Set((problems ?? []).map((p) => p.connection_id).filter((id): id is string => !!id)),
      debugAll: debug.debugAll,
      debugNodes: debug.debugNodes,
    }),
    [trace, problems, debug.debugAll, debug.debugNodes],
  );
  const selectedNodes = editor.graph.actions.filter((n) => editor.selected.has(n.id));
  const node = selectedNodes.length === 1 ? selectedNodes[0] : undefined;

  const focusNode = (id: string) => {
    editor.select([id]);
    const target = editor.graph.actions.find((n) => n.id === id);
    if (target)
      void flow.setCenter(target.position.x + 110, target.position.y + 50, { zoom: 1.1, duration: 300 });
  };
  const pickProblem = (p: ChainProblem) => {
    const id = p.node_id ?? editor.graph.connections.find((c) => c.id === p.connection_id)?.target;
    if (id) focusNode(id);
  };
  const addAtCentre = (kind: NodeKind) => {
    const box = document.querySelector('[data-testid="chain-canvas"]')?.getBoundingClientRect();
    const at = box
      ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
      : { x: 0, y: 0 };
    // Added nodes line up beside each other instead of stacking on the centre.
    editor.add(kind, freeSpot(editor.graph, { x: at.x - 100, y: at.y - 40 }));
  };
  const reload = async () => {
    deploy.dismissConflict();
    deploy.clearProblems();
    const fresh = await query.refetch();
    if (fresh.data) editor.load(fresh.data);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's shortcuts (see useEditorKeys).
    <div className={classes.root} onKeyDown={onKeyDown} data-testid="chain-editor">
      <EditorToolbar
        trail={trail}
        status={query.data?.status ?? chain.status}
        revision={editor.baseline?.revision}
        dirty={editor.dirty}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onFit={() => void flow.fitView({ padding: 0.1, duration: 300, maxZoom: 1.2 })}
        enabled={query.data?.enabled ?? chain.enabled}
        onEnabled={deploy.setEnabled}
        debugAll={debug.debugAll}
        onDebugAll={debug.setAll}
        onVersions={() => setVersions(true)}
        onActivity={onActivity}
        onValidate={deploy.check}
        onDeploy={deploy.deploy}
        validating={deploy.validating}
        deploying={deploy.deploying}
        can={{ edit: !readOnly, deploy: can('deploy'), debug: can('debug') }}
      />
      <div>
        {deploy.problems && (
          <ProblemsList
            problems={deploy.problems}
            graph={editor.graph}
            onPick={pickProblem}
            onClose={deploy.clearProblems}
          />
        )}
      </div>
      <div className={classes.work}>
        <Palette kinds={kinds} onAdd={addAtCentre} disabled={readOnly} />
        <EditorCanvas editor={editor} kinds={byType} extras={extras} readOnly={readOnly} />
        <aside className={classes.side} aria-label="Node panel">
          <SidePanel
            arg={arg}
            node={node}
            kind={node ? byType.get(node.type) : undefined}
            entries={trace.entries}
            readOnly={readOnly}
            debug={!!node && (debug.debugAll || debug.debugNodes.has(node.id))}
            canDebug={can('debug')}
            onDebug={(on) => node && debug.setNode(node.id, on)}
            onChange={(update, burst) => node && editor.changeNode(node.id, update, burst)}
            onDelete={editor.removeSelected}
            graph={editor.graph}
            kinds={byType}
            onConnect={(c) => editor.edit(connect(editor.graph, c))}
            onDisconnect={(id) => editor.edit(removeElements(editor.graph, [], [id]))}
          />
        </aside>
      </div>
      <ConflictDialog news={deploy.conflict} onReload={reload} onClose={deploy.dismissConflict} />
      <VersionsDrawer
        arg={arg}
        opened={versions}
        current={editor.baseline?.revision}
        canDeploy={can('deploy')}
        onClose={() => setVersions(false)}
        onRollback={async (to) => {
          const ok = await deploy.rollTo(to);
          if (ok) setVersions(false);
          return ok;
        }}
      />
    </div>
  );
}

/** Loads the chain and the node kinds, then shows the editor. */
export function ChainEditor({ arg, trail, onName, onActivity }: ChainEditorProps) {
  const chain = useGetChainQuery(arg, { refetchOnMountOrArgChange: true });
  const kinds = useListNodeKindsQuery();
  const name = chain.data?.name;
  useEffect(() => {
    if (name) onName?.(name);
  }, [name, onName]);
  if (chain.error) return <EmptyProblem problem={chain.error as ApiProblem} onRetry={chain.refetch} />;
  if (!chain.data)
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  return (
    <ReactFlowProvider>
      <EditorBody
        arg={arg}
        trail={trail}
        chain={chain.data}
        kinds={kinds.data?.nodes}
        onActivity={onActivity}
      />
    </ReactFlowProvider>
  );
}
