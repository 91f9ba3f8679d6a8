/**
 * The chain as React Flow draws it: each node with its kind, sockets, trace counts and problem mark;
 * each connection as an edge labelled with the messages it carried.
 */
import type { ChainGraph, ChainNode, NodeCounts, NodeKind, NodeSocket } from '@ferrite/contracts';
import type { Edge, Node } from '@xyflow/react';
import type { TraceState } from '../trace/traceState';
import { outputsOf } from './graph';

/** What a drawn node knows. */
export interface ChainNodeData extends Record<string, unknown> {
  node: ChainNode;
  kind: NodeKind | undefined;
  outputs: NodeSocket[];
  counts: NodeCounts | undefined;
  /** Validation pointed at it. */
  problem: boolean;
  /** Every message it sees is traced. */
  debug: boolean;
}
export type ChainFlowNode = Node<ChainNodeData, 'chain'>;

/** What the flow view needs beside the graph. */
export interface FlowExtras {
  kinds: Map<string, NodeKind>;
  trace: TraceState;
  selected: Set<string>;
  problemNodes: Set<string>;
  problemEdges: Set<string>;
  debugAll: boolean;
  debugNodes: Set<string>;
  sizes: Map<string, { width: number; height: number }>;
}

/** The graph's nodes for React Flow. */
export function flowNodes(graph: ChainGraph, x: FlowExtras): ChainFlowNode[] {
  return graph.actions.map((node) => {
    const kind = x.kinds.get(node.type);
    const size = x.sizes.get(node.id);
    return {
      id: node.id,
      type: 'chain',
      position: node.position,
      selected: x.selected.has(node.id),
      ariaLabel: `${node.name} (${kind?.name ?? node.type})`,
      ...(size ? { measured: size } : {}),
      data: {
        node,
        kind,
        outputs: outputsOf(kind, node),
        counts: x.trace.nodes[node.id],
        problem: x.problemNodes.has(node.id),
        debug: x.debugAll || x.debugNodes.has(node.id),
      },
    };
  });
}

/** The graph's connections for React Flow, labelled with their message counts once any flowed. */
export function flowEdges(graph: ChainGraph, x: FlowExtras): Edge[] {
  return graph.connections.map((c) => {
    const count = x.trace.connections[c.id];
    const problem = x.problemEdges.has(c.id);
    return {
      id: c.id,
      source: c.source,
      sourceHandle: c.source_output,
      target: c.target,
      targetHandle: c.target_input,
      selected: x.selected.has(c.id),
      animated: (count ?? 0) > 0,
      label: count !== undefined ? count.toLocaleString('en') : undefined,
      labelBgPadding: [6, 2] as [number, number],
      labelBgBorderRadius: 4,
      className: problem ? 'chain-edge-problem' : undefined,
      data: { count: count ?? 0 },
      ariaLabel: `Connection ${c.source} ${c.source_output} to ${c.target} ${c.target_input}${count !== undefined ? `, ${count} messages` : ''}`,
    };
  });
}
