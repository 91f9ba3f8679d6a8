/**
 * The canvas (React Flow): the chain's nodes and connections, dragging, connecting matching sockets,
 * dropping kinds from the palette, selection, a mini-map and zoom controls. Keys (undo, copy, delete)
 * are the editor's (./useEditorKeys.ts), so they also work while the palette or a panel has focus.
 */
import type { NodeKind } from '@ferrite/contracts';
import { useComputedColorScheme } from '@mantine/core';
import {
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ChainNodeView } from './ChainNodeView';
import classes from './Editor.module.css';
import { type ChainFlowNode, type FlowExtras, flowEdges, flowNodes } from './flow';
import { canConnect, connect } from './graph';
import { PALETTE_MIME } from './Palette';
import type { ChainEditorState } from './useChainEditor';

const NODE_TYPES = { chain: ChainNodeView };

interface EditorCanvasProps {
  editor: ChainEditorState;
  kinds: Map<string, NodeKind>;
  extras: Omit<FlowExtras, 'kinds' | 'selected' | 'sizes'>;
  readOnly: boolean;
}

/** The flow canvas of the editor. */
export function EditorCanvas({ editor, kinds, extras, readOnly }: EditorCanvasProps) {
  const { graph, edit, seal, selected, select } = editor;
  const flow = useReactFlow();
  const scheme = useComputedColorScheme('light');
  const [sizes, setSizes] = useState(new Map<string, { width: number; height: number }>());
  const all = { ...extras, kinds, selected, sizes };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `all` is rebuilt from these every render.
  const nodes = useMemo(() => flowNodes(graph, all), [graph, kinds, selected, sizes, extras]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const edges = useMemo(() => flowEdges(graph, all), [graph, kinds, selected, extras]);

  // Fit once every node has its size: a fit before that frames the chain as if its nodes were dots.
  // (Not React Flow's fitView prop: on an empty chain it fits the first node dropped, and it jumps away
  // from where it was dropped.)
  const fitted = useRef(false);
  useEffect(() => {
    const loaded = editor.baseline;
    if (fitted.current || !loaded) return;
    // A chain opened empty keeps the default zoom: fitting its first node would blow it up.
    if (!loaded.graph.actions.length) fitted.current = true;
    if (fitted.current || sizes.size < graph.actions.length) return;
    fitted.current = true;
    void flow.fitView({ padding: 0.1, maxZoom: 1.2 });
  }, [sizes, graph.actions.length, flow, editor.baseline]);

  const onNodesChange = useCallback(
    (changes: NodeChange<ChainFlowNode>[]) => {
      const measured = changes.filter((c) => c.type === 'dimensions' && c.dimensions);
      if (measured.length)
        setSizes((old) => {
          const next = new Map(old);
          for (const c of measured) if (c.type === 'dimensions' && c.dimensions) next.set(c.id, c.dimensions);
          return next;
        });
      const moves = changes.filter((c) => c.type === 'position');
      if (moves.length) {
        const at = new Map(moves.map((c) => [c.id, c.type === 'position' ? c.position : undefined]));
        if ([...at.values()].some(Boolean))
          edit(
            {
              ...graph,
              actions: graph.actions.map((n) => {
                const p = at.get(n.id);
                return p ? { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } } : n;
              }),
            },
            'drag',
          );
        if (moves.some((c) => c.type === 'position' && c.dragging === false)) seal();
      }
      const picks = changes.filter((c) => c.type === 'select');
      if (picks.length) {
        const next = new Set(selected);
        for (const c of picks) if (c.type === 'select') c.selected ? next.add(c.id) : next.delete(c.id);
        select(next);
      }
    },
    [graph, edit, seal, selected, select],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const picks = changes.filter((c) => c.type === 'select');
      if (!picks.length) return;
      const next = new Set(selected);
      for (const c of picks) if (c.type === 'select') c.selected ? next.add(c.id) : next.delete(c.id);
      select(next);
    },
    [selected, select],
  );
  const asChain = (
    c:
      | Connection
      | { source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null },
  ) => ({
    source: c.source,
    target: c.target,
    source_output: c.sourceHandle ?? 'out',
    target_input: c.targetHandle ?? 'in',
  });
  const isValidConnection = (c: Parameters<typeof asChain>[0]) => canConnect(graph, kinds, asChain(c));
  const onConnect = (c: Connection) => {
    const wanted = asChain(c);
    if (canConnect(graph, kinds, wanted)) edit(connect(graph, wanted));
  };
  const onDrop = (event: React.DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_MIME);
    const kind = kinds.get(type);
    if (!kind || readOnly) return;
    event.preventDefault();
    const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    editor.add(kind, { x: Math.round(at.x - 100), y: Math.round(at.y - 20) });
  };

  return (
    <div className={classes.canvas} data-testid="chain-canvas">
      <ReactFlow<ChainFlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        onDrop={onDrop}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(PALETTE_MIME)) {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }
        }}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        deleteKeyCode={null}
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        colorMode={scheme}
        minZoom={0.2}
        defaultEdgeOptions={{ type: 'smoothstep' }}
      >
        <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
        <MiniMap
          pannable
          zoomable
          nodeColor={(n) =>
            (n as ChainFlowNode).data.node.node_color ??
            (n as ChainFlowNode).data.kind?.node_color ??
            '#868e96'
          }
          ariaLabel="Mini map"
        />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
