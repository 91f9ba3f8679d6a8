/** What a deploy changed against the version before it: nodes by id, connections, the name. */
import type { ChainConnection, ChainNode, VersionDiff } from '@ferrite/contracts';

/** The part of a chain a version keeps. */
export interface ChainSnapshot {
  name: string;
  actions: readonly ChainNode[];
  connections: readonly ChainConnection[];
}

/** A node as it behaves: moving it on the canvas changes nothing that runs. */
function behaviourOf(node: ChainNode): string {
  const { position: _position, ...rest } = node;
  return stableJson(rest);
}

/** JSON with object keys sorted, so equal configs compare equal whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A connection by what it joins (its id is the editor's, not its meaning). */
function joinOf(connection: ChainConnection): string {
  return [connection.source, connection.source_output, connection.target, connection.target_input].join(
    '\u0000',
  );
}

/** The diff of `after` against `before` (null: the first version, everything added). */
export function diffChains(before: ChainSnapshot | null, after: ChainSnapshot): VersionDiff {
  const old = new Map((before?.actions ?? []).map((node) => [node.id, node]));
  const now = new Map(after.actions.map((node) => [node.id, node]));
  const oldJoins = new Set((before?.connections ?? []).map(joinOf));
  const newJoins = new Set(after.connections.map(joinOf));
  const changed: string[] = [];
  for (const [id, node] of now) {
    const was = old.get(id);
    if (was && behaviourOf(was) !== behaviourOf(node)) changed.push(id);
  }
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    changed,
    connections_added: [...newJoins].filter((join) => !oldJoins.has(join)).length,
    connections_removed: [...oldJoins].filter((join) => !newJoins.has(join)).length,
    renamed: before !== null && before.name !== after.name,
  };
}
