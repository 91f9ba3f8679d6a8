/**
 * The trace of running chains, kept cheap enough for every message: counts per connection and node are
 * added up in memory and flushed about every 2 s as one upsert per chain (`count = count + delta`, keyed
 * by revision); failures are always kept (pipeline_failures, the last TRACE_KEEP_PER_NODE per node) with
 * an 'error' activity entry at most once per node per minute; a debugged node's every message goes to a
 * ring in this process. About every second, a chain whose trace changed gets a PipelineTraceEvent in
 * its pipelineTrace room.
 */
import {
  type ChainMessage,
  type NodeCounts,
  type PipelineTraceEvent,
  STREAM_SOCKET_EVENTS,
  TRACE_KEEP_PER_NODE,
  type TraceEntry,
} from '@ferrite/contracts';
import { sql } from 'kysely';
import type { AppDeps } from '../../../platform/http/deps';
import type { CompiledChain, CompiledNode, ExecutionObserver, NodeRun } from '../engine/executor';
import { isDebugged } from '../engine/executor';
import { pipelineTraceRoom } from '../shared';

export const FLUSH_EVERY_MS = 2_000;
export const EVENT_EVERY_MS = 1_000;
/** An 'error' activity entry per node at most this often. */
const ERROR_ACTIVITY_EVERY_MS = 60_000;
/** Failures waiting for their flush; past this, the oldest are let go (counted all the same). */
const MAX_PENDING_FAILURES = 2_000;

type Kind = 'in' | 'out' | 'errors' | 'edge';

interface ChainTrace {
  orgId: string;
  projectId: string;
  pipelineId: string;
  pipelineName: string;
  revision: number;
  /** Not yet in pipeline_counters: `${kind}\u0000${element}` → delta. */
  unflushed: Map<string, number>;
  /** Not yet announced in the room. */
  unsent: { connections: Map<string, number>; nodes: Map<string, NodeCounts>; entries: TraceEntry[] };
}

export type ActivityRecorder = (
  deps: AppDeps,
  entry: {
    orgId: string;
    projectId: string;
    pipelineId: string;
    pipelineName: string;
    revision: number;
    nodeId: string;
    detail: string;
  },
) => Promise<void>;

const key = (kind: Kind, element: string) => `${kind}\u0000${element}`;

/** Counts, failures, debug ring and live events of the chains running in this process. */
export class TraceRecorder implements ExecutionObserver {
  private readonly chains = new Map<string, ChainTrace>();
  /** Debugged nodes' entries (newest last) by pipeline, then node. */
  private readonly ring = new Map<string, Map<string, TraceEntry[]>>();
  private pendingFailures: { pipelineId: string; entry: TraceEntry }[] = [];
  private readonly lastErrorActivity = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly recordActivity: ActivityRecorder | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts the flush and event timers. */
  start(): void {
    this.timers.push(
      setInterval(() => void this.flush(), FLUSH_EVERY_MS).unref(),
      setInterval(() => this.announce(), EVENT_EVERY_MS).unref(),
    );
  }

  /** Stops the timers and writes what is held. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.announce();
    await this.flush();
  }

  private traceOf(chain: CompiledChain): ChainTrace {
    let trace = this.chains.get(chain.pipelineId);
    if (trace && trace.revision !== chain.revision) {
      // A new revision counts from zero: what the old one had not flushed is written under its number.
      void this.flushChain(trace);
      trace = undefined;
    }
    if (!trace) {
      trace = {
        orgId: chain.orgId,
        projectId: chain.projectId,
        pipelineId: chain.pipelineId,
        pipelineName: chain.name,
        revision: chain.revision,
        unflushed: new Map(),
        unsent: { connections: new Map(), nodes: new Map(), entries: [] },
      };
      this.chains.set(chain.pipelineId, trace);
    }
    return trace;
  }

  private add(trace: ChainTrace, kind: Kind, element: string, count: number): void {
    if (count === 0) return;
    const k = key(kind, element);
    trace.unflushed.set(k, (trace.unflushed.get(k) ?? 0) + count);
    if (kind === 'edge') {
      trace.unsent.connections.set(element, (trace.unsent.connections.get(element) ?? 0) + count);
      return;
    }
    let counts = trace.unsent.nodes.get(element);
    if (!counts) {
      counts = { in: 0, out: 0, errors: 0 };
      trace.unsent.nodes.set(element, counts);
    }
    counts[kind] += count;
  }

  /** Counts a connection's messages. */
  connection(chain: CompiledChain, connectionId: string, messages: number): void {
    this.add(this.traceOf(chain), 'edge', connectionId, messages);
  }

  /** Counts what a source or timed node sent. */
  emitted(chain: CompiledChain, node: CompiledNode, messages: number): void {
    this.add(this.traceOf(chain), 'out', node.id, messages);
  }

  /** Counts a node's pass; keeps its failures and, while it is debugged, every message. */
  node(chain: CompiledChain, run: NodeRun): void {
    const trace = this.traceOf(chain);
    let out = 0;
    let errors = 0;
    for (const result of run.results) {
      out += result.outputs.length;
      if (result.error) errors++;
    }
    this.add(trace, 'in', run.node.id, run.inputs.length);
    this.add(trace, 'out', run.node.id, out);
    this.add(trace, 'errors', run.node.id, errors);
    const debugged = isDebugged(chain, run.node.id);
    if (!debugged && errors === 0) return;
    const at = new Date(run.at).toISOString();
    const duration = run.inputs.length > 0 ? run.durationMs / run.inputs.length : run.durationMs;
    run.results.forEach((result, i) => {
      if (!debugged && !result.error) return;
      const input = run.inputs[i];
      if (!input) return;
      const entry: TraceEntry = {
        node_id: run.node.id,
        at,
        duration_ms: Math.round(duration * 1000) / 1000,
        input: input.message,
        input_key: input.input,
        outputs: result.outputs,
        error: result.error ?? null,
      };
      this.keep(trace, entry, debugged);
    });
  }

  /** Counts messages a chain let go because it fell behind (an error on each of its sources). */
  dropped(chain: CompiledChain, messages: number, sample: ChainMessage | null): void {
    const trace = this.traceOf(chain);
    for (const source of chain.sources) {
      this.add(trace, 'errors', source.id, messages);
      this.keep(
        trace,
        {
          node_id: source.id,
          at: new Date(this.now()).toISOString(),
          duration_ms: 0,
          input: sample ?? { ts: this.now(), sensor_id: null, key: '', value: null, payload: null },
          input_key: 'telemetry',
          outputs: [],
          error: `dropped ${messages} readings: the chain fell behind`,
        },
        false,
      );
    }
  }

  private keep(trace: ChainTrace, entry: TraceEntry, debugged: boolean): void {
    trace.unsent.entries.push(entry);
    if (trace.unsent.entries.length > TRACE_KEEP_PER_NODE * 4) trace.unsent.entries.shift();
    if (entry.error) {
      this.pendingFailures.push({ pipelineId: trace.pipelineId, entry });
      if (this.pendingFailures.length > MAX_PENDING_FAILURES) this.pendingFailures.shift();
      this.noteErrorActivity(trace, entry);
      return;
    }
    if (!debugged) return;
    let nodes = this.ring.get(trace.pipelineId);
    if (!nodes) {
      nodes = new Map();
      this.ring.set(trace.pipelineId, nodes);
    }
    let list = nodes.get(entry.node_id);
    if (!list) {
      list = [];
      nodes.set(entry.node_id, list);
    }
    list.push(entry);
    if (list.length > TRACE_KEEP_PER_NODE) list.shift();
  }

  private noteErrorActivity(trace: ChainTrace, entry: TraceEntry): void {
    if (!this.recordActivity) return;
    const k = `${trace.pipelineId}\u0000${entry.node_id}`;
    const now = this.now();
    const last = this.lastErrorActivity.get(k);
    if (last !== undefined && now - last < ERROR_ACTIVITY_EVERY_MS) return;
    this.lastErrorActivity.set(k, now);
    const recorded = this.recordActivity(this.deps, {
      orgId: trace.orgId,
      projectId: trace.projectId,
      pipelineId: trace.pipelineId,
      pipelineName: trace.pipelineName,
      revision: trace.revision,
      nodeId: entry.node_id,
      detail: entry.error ?? '',
    });
    recorded.catch((error) => this.deps.log.warn({ err: error }, 'stream logic: error activity not kept'));
  }

  /** Sends each changed chain's new counts and entries to its room. */
  announce(): void {
    for (const trace of this.chains.values()) {
      const { connections, nodes, entries } = trace.unsent;
      if (connections.size === 0 && nodes.size === 0 && entries.length === 0) continue;
      const event: PipelineTraceEvent = {
        pipeline_id: trace.pipelineId,
        revision: trace.revision,
        connections: Object.fromEntries(connections),
        nodes: Object.fromEntries(nodes),
        entries: [...entries].reverse(),
      };
      trace.unsent = { connections: new Map(), nodes: new Map(), entries: [] };
      this.deps.realtime.emit(
        pipelineTraceRoom(trace.orgId, trace.pipelineId),
        STREAM_SOCKET_EVENTS.pipelineTrace,
        event,
      );
    }
  }

  private async flushChain(trace: ChainTrace): Promise<void> {
    if (trace.unflushed.size === 0) return;
    const rows = [...trace.unflushed].map(([k, count]) => {
      const [kind, element] = k.split('\u0000') as [string, string];
      return sql`(${trace.pipelineId}::uuid, ${trace.revision}::int, ${element}, ${kind}, ${count}::bigint)`;
    });
    trace.unflushed = new Map();
    // A chain deleted meanwhile has no pipelines row: its counts go with it (the join drops them).
    await sql`
      insert into pipeline_counters (pipeline_id, revision, element, kind, count)
      select v.pipeline_id, v.revision, v.element, v.kind, v.count
      from (values ${sql.join(rows)}) as v(pipeline_id, revision, element, kind, count)
      where exists (select 1 from pipelines p where p.id = v.pipeline_id)
      on conflict (pipeline_id, revision, element, kind)
      do update set count = pipeline_counters.count + excluded.count`.execute(this.deps.db);
  }

  private async flushFailures(): Promise<void> {
    if (this.pendingFailures.length === 0) return;
    const failures = this.pendingFailures;
    this.pendingFailures = [];
    const rows = failures.map(
      (f) =>
        sql`(${f.pipelineId}::uuid, ${f.entry.node_id}, ${f.entry.at}::timestamptz, ${JSON.stringify(f.entry)}::jsonb)`,
    );
    await sql`
      insert into pipeline_failures (pipeline_id, node_id, at, entry)
      select v.pipeline_id, v.node_id, v.at, v.entry
      from (values ${sql.join(rows)}) as v(pipeline_id, node_id, at, entry)
      where exists (select 1 from pipelines p where p.id = v.pipeline_id)`.execute(this.deps.db);
    const touched = new Map<string, { pipelineId: string; nodeId: string }>();
    for (const f of failures)
      touched.set(`${f.pipelineId}\u0000${f.entry.node_id}`, {
        pipelineId: f.pipelineId,
        nodeId: f.entry.node_id,
      });
    for (const { pipelineId, nodeId } of touched.values())
      await sql`
        delete from pipeline_failures
        where pipeline_id = ${pipelineId}::uuid and node_id = ${nodeId} and id <= (
          select id from pipeline_failures where pipeline_id = ${pipelineId}::uuid and node_id = ${nodeId}
          order by id desc offset ${TRACE_KEEP_PER_NODE} limit 1)`.execute(this.deps.db);
  }

  /** Writes held counts and failures (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      try {
        for (const trace of this.chains.values()) await this.flushChain(trace);
        await this.flushFailures();
      } catch (error) {
        this.deps.log.warn({ err: error }, 'stream logic: trace not flushed');
      }
    });
    return this.flushing;
  }

  /** Counts held in memory for a chain's revision, not yet flushed. */
  unflushedCounts(pipelineId: string, revision: number): { kind: string; element: string; count: number }[] {
    const trace = this.chains.get(pipelineId);
    if (!trace || trace.revision !== revision) return [];
    return [...trace.unflushed].map(([k, count]) => {
      const [kind, element] = k.split('\u0000') as [string, string];
      return { kind, element, count };
    });
  }

  /** This process's debug entries and unflushed failures of a chain. */
  localEntries(pipelineId: string): TraceEntry[] {
    const entries: TraceEntry[] = [];
    for (const list of this.ring.get(pipelineId)?.values() ?? []) entries.push(...list);
    for (const f of this.pendingFailures) if (f.pipelineId === pipelineId) entries.push(f.entry);
    return entries;
  }

  /** Forgets a chain that was deleted or disabled (its ring goes; counts already held are flushed). */
  forget(pipelineId: string): void {
    this.ring.delete(pipelineId);
  }
}
