/**
 * What is wrong with a chain, before it runs: unknown node types, duplicate ids, configs their kind
 * refuses (the field named), what a kind's own check finds (another organization's sensor), connections
 * naming missing nodes or sockets, sockets whose types do not meet, required inputs left unconnected,
 * cycles, and an enabled chain with no source. Every problem points at its node or connection.
 * Used by deploys, the validate route, the runtime and replay.
 */
import {
  type ChainConnection,
  type ChainGraph,
  type ChainNode,
  type ChainProblem,
  type NodeSocket,
  socketsConnect,
} from '@ferrite/contracts';
import type { CheckContext, NodeDefinition } from '../nodes/defineNode';
import { nodeKind } from '../nodes/registry';

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
type AnyKind = NodeDefinition<any>;

export interface ValidationOptions {
  /** An enabled chain must have a source; a draft may not have one yet. */
  enabled: boolean;
  /** Where kinds' `check` reads (null: skip the checks that need the database). */
  check: CheckContext | null;
  /** The kinds known (tests hand in their own); the registry's by default. */
  kindOf?: (type: string) => AnyKind | undefined;
}

const atNode = (node_id: string, message: string): ChainProblem => ({
  node_id,
  connection_id: null,
  message,
});
const atConnection = (connection_id: string, message: string): ChainProblem => ({
  node_id: null,
  connection_id,
  message,
});

/**
 * The output sockets of a node: the named outputs its config adds (a switch's routes, carrying what
 * arrives on its first input) first, then the kind's fixed outputs.
 */
export function outputSocketsOf(kind: AnyKind, config: Record<string, unknown>): NodeSocket[] {
  if (!kind.dynamic_outputs) return kind.outputs;
  const entries = config[kind.dynamic_outputs];
  const type = kind.inputs[0]?.socket.type ?? 'any';
  const named: NodeSocket[] = [];
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      const output = (entry as { output?: unknown } | null)?.output;
      if (typeof output === 'string' && output !== '')
        named.push({ key: output, label: output, socket: { type } });
    }
  }
  return [...named, ...kind.outputs];
}

/** A zod issue path as a field name (`routes.0.output`), or the config itself. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : 'config';
}

/** Problems with each node alone: duplicates, unknown types, invalid config, the kind's own check. */
async function nodeProblems(
  actions: readonly ChainNode[],
  options: ValidationOptions,
  kindOf: (type: string) => AnyKind | undefined,
): Promise<{ problems: ChainProblem[]; kinds: Map<string, { kind: AnyKind; node: ChainNode }> }> {
  const problems: ChainProblem[] = [];
  const kinds = new Map<string, { kind: AnyKind; node: ChainNode }>();
  const seen = new Set<string>();
  const checks: Promise<ChainProblem[]>[] = [];
  for (const node of actions) {
    if (seen.has(node.id)) {
      problems.push(atNode(node.id, `Another node already has the id ${node.id}`));
      continue;
    }
    seen.add(node.id);
    const kind = kindOf(node.type);
    if (!kind) {
      problems.push(atNode(node.id, `${node.name}: unknown node type ${node.type}`));
      continue;
    }
    kinds.set(node.id, { kind, node });
    const parsed = kind.configSchema.safeParse(node.config ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        // Kinds' own messages usually name their field already ("m must be a number").
        const text = issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
        problems.push(atNode(node.id, `${node.name}: ${text}`));
      }
      continue;
    }
    if (kind.check && options.check) {
      const ctx = options.check;
      checks.push(
        Promise.resolve(kind.check(ctx, parsed.data)).then((messages) =>
          messages.map((message) => atNode(node.id, `${node.name}: ${message}`)),
        ),
      );
    }
  }
  for (const found of await Promise.all(checks)) problems.push(...found);
  return { problems, kinds };
}

/** Problems with connections; answers the usable ones (both ends and sockets exist). */
function connectionProblems(
  connections: readonly ChainConnection[],
  kinds: Map<string, { kind: AnyKind; node: ChainNode }>,
): { problems: ChainProblem[]; usable: ChainConnection[] } {
  const problems: ChainProblem[] = [];
  const usable: ChainConnection[] = [];
  const seen = new Set<string>();
  const joined = new Set<string>();
  for (const connection of connections) {
    const { id } = connection;
    if (seen.has(id)) {
      problems.push(atConnection(id, `Another connection already has the id ${id}`));
      continue;
    }
    seen.add(id);
    const from = kinds.get(connection.source);
    const to = kinds.get(connection.target);
    // A node that is unknown or invalid already has its own problem; only a missing one is named here.
    if (!from || !to) {
      const missing = !from ? connection.source : connection.target;
      problems.push(atConnection(id, `The connection names node ${missing}, which is not in the chain`));
      continue;
    }
    const output = outputSocketsOf(from.kind, from.node.config ?? {}).find(
      (socket) => socket.key === connection.source_output,
    );
    if (!output) {
      problems.push(atConnection(id, `${from.node.name} has no output ${connection.source_output}`));
      continue;
    }
    const input = to.kind.inputs.find((socket) => socket.key === connection.target_input);
    if (!input) {
      problems.push(atConnection(id, `${to.node.name} has no input ${connection.target_input}`));
      continue;
    }
    if (!socketsConnect(output.socket.type, input.socket.type)) {
      problems.push(
        atConnection(
          id,
          `${from.node.name}'s ${output.label} sends ${output.socket.type} messages; ${to.node.name}'s ${input.label} takes ${input.socket.type}`,
        ),
      );
      continue;
    }
    const key = `${connection.source}\u0000${connection.source_output}\u0000${connection.target}\u0000${connection.target_input}`;
    if (joined.has(key)) {
      problems.push(atConnection(id, 'The same sockets are already connected'));
      continue;
    }
    joined.add(key);
    usable.push(connection);
  }
  return { problems, usable };
}

/** One node on each cycle of the graph (depth-first; a node found on a back edge). */
export function nodesOnCycles(
  nodeIds: readonly string[],
  connections: readonly Pick<ChainConnection, 'source' | 'target'>[],
): string[] {
  const next = new Map<string, string[]>();
  for (const { source, target } of connections) next.set(source, [...(next.get(source) ?? []), target]);
  const state = new Map<string, 'open' | 'done'>();
  const found: string[] = [];
  for (const start of nodeIds) {
    if (state.has(start)) continue;
    // Iterative depth-first search: a chain of 100 nodes must not need 100 stack frames per check.
    const stack: { id: string; index: number }[] = [{ id: start, index: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; index: number };
      const targets = next.get(top.id) ?? [];
      if (top.index >= targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.index] as string;
      top.index += 1;
      const seen = state.get(target);
      if (seen === 'open') {
        if (!found.includes(target)) found.push(target);
      } else if (!seen) {
        state.set(target, 'open');
        stack.push({ id: target, index: 0 });
      }
    }
  }
  return found;
}

/** Every problem of a chain; empty when it may be deployed. */
export async function validateChain(graph: ChainGraph, options: ValidationOptions): Promise<ChainProblem[]> {
  const kindOf = options.kindOf ?? nodeKind;
  const nodes = await nodeProblems(graph.actions, options, kindOf);
  const links = connectionProblems(graph.connections, nodes.kinds);
  const problems = [...nodes.problems, ...links.problems];

  const fed = new Set(links.usable.map((c) => `${c.target}\u0000${c.target_input}`));
  for (const { kind, node } of nodes.kinds.values()) {
    for (const input of kind.inputs) {
      if (input.required && !fed.has(`${node.id}\u0000${input.key}`))
        problems.push(atNode(node.id, `${node.name}: its input ${input.label} must be connected`));
    }
  }
  for (const nodeId of nodesOnCycles([...nodes.kinds.keys()], links.usable)) {
    const name = nodes.kinds.get(nodeId)?.node.name ?? nodeId;
    problems.push(atNode(nodeId, `${name} is on a loop: a message would come back to it forever`));
  }
  if (options.enabled && ![...nodes.kinds.values()].some(({ kind }) => kind.category === 'source'))
    problems.push({
      node_id: null,
      connection_id: null,
      message: 'A running chain needs a source node (telemetry or schedule)',
    });
  return problems;
}
