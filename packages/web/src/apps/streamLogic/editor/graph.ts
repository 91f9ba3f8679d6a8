/**
 * The chain being edited as plain data (the contracts' ChainGraph) and the pure edits on it: a node's
 * sockets (a switch's routes included), whether two sockets connect, adding, removing and pasting
 * nodes. The editor keeps every edit here, so undo/redo is a list of graphs (./history.ts).
 */
import {
  type ChainConnection,
  type ChainGraph,
  type ChainNode,
  type NodeKind,
  type NodeSocket,
  socketsConnect,
} from '@ferrite/contracts';

export const EMPTY_GRAPH: ChainGraph = { actions: [], connections: [] };

/** The node's outputs: a switch's named routes (config[dynamic_outputs]) first, then the fixed ones. */
export function outputsOf(kind: NodeKind | undefined, node: ChainNode): NodeSocket[] {
  if (!kind) return [];
  const routes = kind.dynamic_outputs ? node.config[kind.dynamic_outputs] : undefined;
  const socket = kind.outputs[0]?.socket ?? { type: 'any' as const };
  const dynamic: NodeSocket[] = Array.isArray(routes)
    ? routes
        .map((route) =>
          route && typeof route === 'object' ? (route as { output?: unknown }).output : undefined,
        )
        .filter((name): name is string => typeof name === 'string' && name.length > 0)
        .map((name) => ({ key: name, label: name, socket }))
    : [];
  return [...dynamic, ...kind.outputs.filter((o) => !dynamic.some((d) => d.key === o.key))];
}

/** Whether a new connection from (source, output) to (target, input) is allowed: sockets match, no self-loop, no duplicate. */
export function canConnect(
  graph: ChainGraph,
  kinds: Map<string, NodeKind>,
  c: Omit<ChainConnection, 'id'>,
): boolean {
  if (c.source === c.target) return false;
  const source = graph.actions.find((n) => n.id === c.source);
  const target = graph.actions.find((n) => n.id === c.target);
  if (!source || !target) return false;
  const out = outputsOf(kinds.get(source.type), source).find((o) => o.key === c.source_output);
  const input = kinds.get(target.type)?.inputs.find((i) => i.key === c.target_input);
  if (!out || !input) return false;
  const duplicate = graph.connections.some(
    (e) =>
      e.source === c.source &&
      e.target === c.target &&
      e.source_output === c.source_output &&
      e.target_input === c.target_input,
  );
  return !duplicate && socketsConnect(out.socket.type, input.socket.type);
}

/** An id not used in the graph yet, readable in traces (`formula-2`). */
export function freshId(taken: Iterable<string>, stem: string): string {
  const used = new Set(taken);
  const base = stem.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 48) || 'node';
  for (let n = 1; ; n += 1) {
    const id = `${base}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** The graph with a new node of `kind` at `position` (its default config, named after the kind). */
export function addNode(graph: ChainGraph, kind: NodeKind, position: { x: number; y: number }): ChainGraph {
  const node: ChainNode = {
    id: freshId(
      graph.actions.map((n) => n.id),
      kind.type,
    ),
    type: kind.type,
    name: kind.name,
    config: structuredClone(kind.default_config),
    position,
  };
  return { ...graph, actions: [...graph.actions, node] };
}

/** The graph with a connection added (ids stay unique). */
export function connect(graph: ChainGraph, c: Omit<ChainConnection, 'id'>): ChainGraph {
  const id = freshId(
    graph.connections.map((e) => e.id),
    'c',
  );
  return { ...graph, connections: [...graph.connections, { id, ...c }] };
}

/** The graph without these nodes (and every connection touching them) and these connections. */
export function removeElements(graph: ChainGraph, nodeIds: string[], connectionIds: string[]): ChainGraph {
  const nodes = new Set(nodeIds);
  const edges = new Set(connectionIds);
  return {
    actions: graph.actions.filter((n) => !nodes.has(n.id)),
    connections: graph.connections.filter(
      (e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target),
    ),
  };
}

/** What Ctrl+C keeps: the selected nodes and the connections between them. */
export function copySelection(graph: ChainGraph, nodeIds: string[]): ChainGraph {
  const ids = new Set(nodeIds);
  return {
    actions: graph.actions.filter((n) => ids.has(n.id)),
    connections: graph.connections.filter((e) => ids.has(e.source) && ids.has(e.target)),
  };
}

/** Pastes a copied piece with fresh ids, shifted by `offset`; answers the graph and the new nodes' ids. */
export function paste(
  graph: ChainGraph,
  piece: ChainGraph,
  offset = { x: 40, y: 40 },
): { graph: ChainGraph; pasted: string[] } {
  const taken = graph.actions.map((n) => n.id);
  const renamed = new Map<string, string>();
  const actions = piece.actions.map((node) => {
    const id = freshId(taken, node.type);
    taken.push(id);
    renamed.set(node.id, id);
    return {
      ...structuredClone(node),
      id,
      position: { x: node.position.x + offset.x, y: node.position.y + offset.y },
    };
  });
  let next: ChainGraph = { ...graph, actions: [...graph.actions, ...actions] };
  for (const e of piece.connections) {
    const source = renamed.get(e.source);
    const target = renamed.get(e.target);
    if (source && target)
      next = connect(next, { source, target, source_output: e.source_output, target_input: e.target_input });
  }
  return { graph: next, pasted: actions.map((n) => n.id) };
}

/** The graph with one node replaced by `update(node)`. */
export function updateNode(
  graph: ChainGraph,
  id: string,
  update: (node: ChainNode) => ChainNode,
): ChainGraph {
  return { ...graph, actions: graph.actions.map((n) => (n.id === id ? update(n) : n)) };
}

/** Whether two graphs are the same chain (what "unsaved changes" compares). */
export function sameGraph(a: ChainGraph, b: ChainGraph): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A spot near `at` that no node covers (nodes are about 220×100): steps right, then down a row. */
export function freeSpot(graph: ChainGraph, at: { x: number; y: number }): { x: number; y: number } {
  const taken = (p: { x: number; y: number }) =>
    graph.actions.some((n) => Math.abs(n.position.x - p.x) < 230 && Math.abs(n.position.y - p.y) < 110);
  for (let row = 0; row < 20; row += 1)
    for (let col = 0; col < 4; col += 1) {
      const spot = { x: Math.round(at.x + col * 250), y: Math.round(at.y + row * 130) };
      if (!taken(spot)) return spot;
    }
  return at;
}
