/**
 * The trace the editor shows: counts per connection and node since the deployed revision, and the
 * newest messages of each node. The GET answer is the base; each live `pipeline.trace` event adds its
 * counts and entries. An event of a newer revision means a deploy reset the counts: the caller reads
 * the trace again.
 */
import {
  type NodeCounts,
  type PipelineTrace,
  type PipelineTraceEvent,
  TRACE_KEEP_PER_NODE,
  type TraceEntry,
} from '@ferrite/contracts';

export interface TraceState {
  revision: number;
  connections: Record<string, number>;
  nodes: Record<string, NodeCounts>;
  /** Newest first. */
  entries: TraceEntry[];
}

export const NO_TRACE: TraceState = { revision: 0, connections: {}, nodes: {}, entries: [] };

/** The state read from GET …/trace. */
export function traceFrom(trace: PipelineTrace): TraceState {
  return {
    revision: trace.revision,
    connections: trace.connections,
    nodes: trace.nodes,
    entries: trace.entries,
  };
}

/** Keeps at most TRACE_KEEP_PER_NODE entries per node, newest first. */
function keepNewest(entries: TraceEntry[]): TraceEntry[] {
  const per = new Map<string, number>();
  return entries.filter((entry) => {
    const seen = per.get(entry.node_id) ?? 0;
    per.set(entry.node_id, seen + 1);
    return seen < TRACE_KEEP_PER_NODE;
  });
}

/** The state after a live event of the same revision (an older one is dropped). */
export function addTraceEvent(state: TraceState, event: PipelineTraceEvent): TraceState {
  if (event.revision !== state.revision) return state;
  const connections = { ...state.connections };
  for (const [id, n] of Object.entries(event.connections)) connections[id] = (connections[id] ?? 0) + n;
  const nodes = { ...state.nodes };
  for (const [id, c] of Object.entries(event.nodes)) {
    const was = nodes[id] ?? { in: 0, out: 0, errors: 0 };
    nodes[id] = { in: was.in + c.in, out: was.out + c.out, errors: was.errors + c.errors };
  }
  const fresh = [...event.entries].sort((a, b) => b.at.localeCompare(a.at));
  return { revision: state.revision, connections, nodes, entries: keepNewest([...fresh, ...state.entries]) };
}
