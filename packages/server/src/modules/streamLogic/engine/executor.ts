/**
 * Runs a chain: a deployed graph is compiled once (each node's config parsed, the nodes in
 * topological order, connections by output socket), then every batch flows through it in one pass:
 * the sources' messages go along their connections, each node runs once with everything that reached
 * its inputs, and its results go on along the connections of the output they were sent on. A node's
 * failure (a throw, or an error for one message) is captured in its results and the trace, never
 * thrown out: the rest of the chain, and every other chain, carry on.
 */
import type { ChainConnection, ChainMessage, ChainNode } from '@ferrite/contracts';
import type { NodeContext, NodeDefinition, NodeInput, NodeOutput, NodeResult } from '../nodes/defineNode';
import { nodeKind } from '../nodes/registry';
import type { StreamServices } from './services';

/** Where a node's output goes. */
export interface Route {
  connectionId: string;
  target: string;
  input: string;
}

export interface CompiledNode {
  id: string;
  name: string;
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
  kind: NodeDefinition<any> | null;
  config: unknown;
  /** Why the node cannot run (unknown kind, config its schema refuses): every message it gets fails. */
  problem: string | null;
  /** Routes by output socket key. */
  routes: Map<string, Route[]>;
  ctx: NodeContext;
}

/** What a chain is made of, as stored in `pipelines`. */
export interface ChainRow {
  id: string;
  org_id: string;
  project_id: string;
  name: string;
  revision: number;
  actions: ChainNode[];
  connections: ChainConnection[];
  debug_all: boolean;
  debug_nodes: string[];
}

export interface CompiledChain {
  orgId: string;
  projectId: string;
  pipelineId: string;
  name: string;
  revision: number;
  nodes: Map<string, CompiledNode>;
  /** Every node, each after all the nodes that feed it. */
  order: CompiledNode[];
  sources: CompiledNode[];
  /** Nodes that send on time (`due`). */
  timed: CompiledNode[];
  debugAll: boolean;
  debugNodes: ReadonlySet<string>;
}

/** What the executor tells the trace about one node's pass over a batch. */
export interface NodeRun {
  node: CompiledNode;
  inputs: readonly NodeInput[];
  results: readonly NodeResult[];
  /** When it started (epoch ms) and how long the whole batch took it. */
  at: number;
  durationMs: number;
}

/** Where the executor reports what flowed (the trace recorder; tests pass their own). */
export interface ExecutionObserver {
  node(chain: CompiledChain, run: NodeRun): void;
  connection(chain: CompiledChain, connectionId: string, messages: number): void;
  /** A source or a timed node sent messages without running on inputs. */
  emitted(chain: CompiledChain, node: CompiledNode, messages: number): void;
}

export interface CompileOptions {
  services: StreamServices;
  now?: () => number;
  dryRun?: boolean;
  effect?: (nodeId: string, description: string) => void;
  /** Where node kinds are looked up (tests hand in their own); default: the registry. */
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
  kindOf?: (type: string) => NodeDefinition<any> | undefined;
}

/** Whether a node's every message is traced now. */
export function isDebugged(chain: CompiledChain, nodeId: string): boolean {
  return chain.debugAll || chain.debugNodes.has(nodeId);
}

/** The message text of anything thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Parses a node's config with its kind's schema: the config, or a problem naming the field. */
export function parseNodeConfig(
  node: Pick<ChainNode, 'type' | 'config'>,
  kindOf: CompileOptions['kindOf'] = nodeKind,
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
): { kind: NodeDefinition<any> | null; config: unknown; problem: string | null } {
  const kind = kindOf(node.type) ?? null;
  if (!kind) return { kind, config: null, problem: `Unknown node type "${node.type}"` };
  const parsed = kind.configSchema.safeParse(node.config ?? {});
  if (parsed.success) return { kind, config: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const path = ['config', ...(issue?.path ?? [])].join('.');
  return { kind, config: null, problem: `${path}: ${issue?.message ?? 'invalid'}` };
}

/** Builds the context a node runs in. */
export function nodeContext(
  chain: Pick<ChainRow, 'org_id' | 'project_id' | 'id' | 'name' | 'revision'>,
  node: Pick<ChainNode, 'id' | 'name'>,
  options: CompileOptions,
): NodeContext {
  const now = options.now ?? Date.now;
  const effect = options.effect;
  return {
    orgId: chain.org_id,
    projectId: chain.project_id,
    pipelineId: chain.id,
    pipelineName: chain.name,
    revision: chain.revision,
    nodeId: node.id,
    nodeName: node.name,
    dryRun: options.dryRun ?? false,
    now,
    effect: effect ? (description) => effect(node.id, description) : () => {},
    services: options.services,
  };
}

/** Kahn's order; nodes on a cycle (validation refuses them) come last, in their stored order. */
function topological(
  nodes: Map<string, CompiledNode>,
  connections: readonly ChainConnection[],
): CompiledNode[] {
  const indegree = new Map<string, number>([...nodes.keys()].map((id) => [id, 0]));
  for (const c of connections)
    if (nodes.has(c.source) && nodes.has(c.target)) indegree.set(c.target, (indegree.get(c.target) ?? 0) + 1);
  const ready = [...nodes.keys()].filter((id) => indegree.get(id) === 0);
  const order: CompiledNode[] = [];
  const placed = new Set<string>();
  while (ready.length > 0) {
    const id = ready.shift() as string;
    const node = nodes.get(id) as CompiledNode;
    order.push(node);
    placed.add(id);
    for (const routes of node.routes.values())
      for (const route of routes) {
        const left = (indegree.get(route.target) ?? 0) - 1;
        indegree.set(route.target, left);
        if (left === 0) ready.push(route.target);
      }
  }
  for (const node of nodes.values()) if (!placed.has(node.id)) order.push(node);
  return order;
}

/** Compiles a stored chain: configs parsed once, order and routes worked out once. */
export function compileChain(row: ChainRow, options: CompileOptions): CompiledChain {
  const nodes = new Map<string, CompiledNode>();
  for (const action of row.actions) {
    const { kind, config, problem } = parseNodeConfig(action, options.kindOf);
    nodes.set(action.id, {
      id: action.id,
      name: action.name,
      type: action.type,
      kind,
      config,
      problem,
      routes: new Map(),
      ctx: nodeContext(row, action, options),
    });
  }
  for (const c of row.connections) {
    const source = nodes.get(c.source);
    if (!source || !nodes.has(c.target)) continue;
    const list = source.routes.get(c.source_output) ?? [];
    list.push({ connectionId: c.id, target: c.target, input: c.target_input });
    source.routes.set(c.source_output, list);
  }
  const order = topological(nodes, row.connections);
  return {
    orgId: row.org_id,
    projectId: row.project_id,
    pipelineId: row.id,
    name: row.name,
    revision: row.revision,
    nodes,
    order,
    sources: order.filter((node) => !node.problem && node.kind?.source),
    timed: order.filter((node) => !node.problem && node.kind?.due),
    debugAll: row.debug_all,
    debugNodes: new Set(row.debug_nodes),
  };
}

/** The output a source's messages leave on (its first output socket). */
export function sourceOutput(node: CompiledNode): string {
  return node.kind?.outputs[0]?.key ?? 'out';
}

/** Runs one node over its inputs; a throw fails every message, a short answer fails the rest. */
export async function runNode(node: CompiledNode, inputs: readonly NodeInput[]): Promise<NodeResult[]> {
  if (node.problem || !node.kind) {
    const error = node.problem ?? 'Unknown node type';
    return inputs.map(() => ({ outputs: [], error }));
  }
  try {
    const results = await node.kind.run(node.ctx, node.config, inputs);
    if (results.length === inputs.length) return results;
    return inputs.map(
      (_, i) => results[i] ?? { outputs: [], error: 'The node gave no result for this message' },
    );
  } catch (error) {
    const text = errorText(error);
    return inputs.map(() => ({ outputs: [], error: text }));
  }
}

/**
 * Runs a batch through the chain: `seeds` are messages already leaving nodes (a source's telemetry, a
 * timed node's due output); every node downstream runs once with all it received.
 */
export async function runChain(
  chain: CompiledChain,
  seeds: ReadonlyMap<string, readonly NodeOutput[]>,
  observer: ExecutionObserver,
  now: () => number = Date.now,
): Promise<void> {
  const pending = new Map<string, NodeInput[]>();
  /** A node's outputs onto its routes; per output socket, the routes' target lists are looked up once. */
  const send = (from: CompiledNode, results: readonly { outputs: readonly NodeOutput[] }[]) => {
    // Nodes mostly send every message on one socket: keep the last socket's routing at hand.
    let lastOutput: string | null = null;
    let lastRouting: Routing | null = null;
    let routings: Map<string, Routing | null> | null = null;
    for (const result of results)
      for (const out of result.outputs) {
        let routing: Routing | null = lastRouting;
        if (out.output !== lastOutput) {
          routings ??= new Map();
          routing = routings.get(out.output) ?? null;
          if (routing === null && !routings.has(out.output)) {
            routing = routingOf(from, out.output, pending);
            routings.set(out.output, routing);
          }
          lastOutput = out.output;
          lastRouting = routing;
        }
        if (!routing) continue;
        routing.count++;
        for (let i = 0; i < routing.routes.length; i++)
          (routing.lists[i] as NodeInput[]).push({
            input: (routing.routes[i] as Route).input,
            message: out.message,
          });
      }
    if (!routings) return;
    for (const routing of routings.values())
      if (routing && routing.count > 0)
        for (const route of routing.routes) observer.connection(chain, route.connectionId, routing.count);
  };
  for (const [nodeId, outputs] of seeds) {
    const node = chain.nodes.get(nodeId);
    if (!node || outputs.length === 0) continue;
    observer.emitted(chain, node, outputs.length);
    send(node, [{ outputs }]);
  }
  for (const node of chain.order) {
    const inputs = pending.get(node.id);
    if (!inputs || inputs.length === 0) continue;
    pending.delete(node.id);
    const at = now();
    const started = performance.now();
    const results = await runNode(node, inputs);
    observer.node(chain, { node, inputs, results, at, durationMs: performance.now() - started });
    send(node, results);
  }
}

/** One output socket's routes with the input lists of their targets, and the messages sent on it. */
interface Routing {
  routes: readonly Route[];
  lists: NodeInput[][];
  count: number;
}

function routingOf(from: CompiledNode, output: string, pending: Map<string, NodeInput[]>): Routing | null {
  const routes = from.routes.get(output);
  if (!routes || routes.length === 0) return null;
  const lists = routes.map((route) => {
    let list = pending.get(route.target);
    if (!list) {
      list = [];
      pending.set(route.target, list);
    }
    return list;
  });
  return { routes, lists, count: 0 };
}

/** The messages of one `ChainMessage` list as a source's outputs. */
export function asOutputs(node: CompiledNode, messages: readonly ChainMessage[]): NodeOutput[] {
  const output = sourceOutput(node);
  return messages.map((message) => ({ output, message }));
}
