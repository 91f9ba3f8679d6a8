/**
 * One enabled chain at work: its own bounded queue of telemetry batches and due ticks, drained one at a
 * time (batches waiting together are run as one, in slices of at most SLICE_READINGS), so a slow or failing chain only ever delays itself.
 * When it falls behind by more than MAX_QUEUED_READINGS, the oldest batches are let go and counted as a
 * 'dropped' error on its sources. A redeploy swaps the compiled chain in place: what is queued runs on
 * the new revision.
 */
import type { ChainMessage } from '@ferrite/contracts';
import type { DurableRun } from '../../../platform/module';
import {
  asOutputs,
  type CompiledChain,
  type CompiledNode,
  type ExecutionObserver,
  errorText,
  runChain,
} from '../engine/executor';
import type { NodeOutput } from '../nodes/defineNode';
import type { TraceRecorder } from '../trace/recorder';

/** How many readings a chain may hold unprocessed before it drops the oldest batches. */
export const MAX_QUEUED_READINGS = 100_000;

/** The most readings run through a chain in one pass (batches waiting together are merged up to it). */
const SLICE_READINGS = 10_000;

/**
 * The series (sensor and parameter) a chain writes: its readings never feed the chain again, so a
 * virtual sensor on the chain's own source sensor cannot loop. Known from the sinks' configs and
 * learnt from every write.
 */
export class SinkTargets {
  private readonly sensors = new Set<string>();
  private readonly series = new Set<string>();

  add(sensorId: string, paramKey: string): void {
    this.sensors.add(sensorId);
    this.series.add(`${sensorId}\u0000${paramKey}`);
  }

  /** Whether the chain writes this run's series (a set lookup for the sensors it never writes). */
  writes(run: Pick<DurableRun, 'sensorId' | 'paramKey'>): boolean {
    return this.sensors.has(run.sensorId) && this.series.has(`${run.sensorId}\u0000${run.paramKey}`);
  }
}

type Work = { kind: 'runs'; runs: readonly DurableRun[]; readings: number } | { kind: 'due' };

function readingsOf(runs: readonly DurableRun[]): number {
  let n = 0;
  for (const run of runs) n += run.ts.length;
  return n;
}

function sampleOf(runs: readonly DurableRun[]): ChainMessage | null {
  const run = runs[0];
  if (!run || run.ts.length === 0) return null;
  return {
    ts: run.ts[0] as number,
    sensor_id: run.sensorId,
    key: run.paramKey,
    value: run.values[0] as number,
    payload: null,
  };
}

export class ChainRunner {
  private queue: Work[] = [];
  private queuedReadings = 0;
  private dueQueued = false;
  private draining: Promise<void> | null = null;
  constructor(
    public chain: CompiledChain,
    /** What this chain writes: never fed back to it. */
    readonly sinks: SinkTargets,
    private readonly trace: TraceRecorder,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues a batch's runs (already those this chain can take). */
  enqueue(runs: readonly DurableRun[]): void {
    const readings = readingsOf(runs);
    this.queue.push({ kind: 'runs', runs, readings });
    this.queuedReadings += readings;
    while (this.queuedReadings > MAX_QUEUED_READINGS) {
      const index = this.queue.findIndex((work) => work.kind === 'runs');
      if (index < 0) break;
      const [oldest] = this.queue.splice(index, 1) as [Extract<Work, { kind: 'runs' }>];
      this.queuedReadings -= oldest.readings;
      this.trace.dropped(this.chain, oldest.readings, sampleOf(oldest.runs));
    }
    this.kick();
  }

  /** Queues a due tick unless one is waiting already. */
  enqueueDue(): void {
    if (this.dueQueued || this.chain.timed.length === 0) return;
    this.dueQueued = true;
    this.queue.push({ kind: 'due' });
    this.kick();
  }

  /** Resolves once everything queued so far has run. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const first = this.queue[0] as Work;
      try {
        if (first.kind === 'due') {
          this.queue.shift();
          this.dueQueued = false;
          await this.runDue();
        } else {
          await this.runTelemetry(this.takeRuns());
          // The event loop's turn: ingest's I/O and the due timer between two slices of a backlog.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /**
   * The runs at the head of the queue, batches waiting together taken as one, up to SLICE_READINGS:
   * a chain runs a slice synchronously up to its first database call, so a backlog run in one piece
   * would hold the event loop (ingest, the due ticks of every chain) for as long.
   */
  private takeRuns(): DurableRun[] {
    const runs: DurableRun[] = [];
    let taken = 0;
    while (this.queue[0]?.kind === 'runs' && taken < SLICE_READINGS) {
      const work = this.queue[0];
      let i = 0;
      let readings = 0;
      while (i < work.runs.length && taken + readings < SLICE_READINGS) {
        const run = work.runs[i++] as DurableRun;
        runs.push(run);
        readings += run.ts.length;
      }
      taken += readings;
      this.queuedReadings -= readings;
      if (i < work.runs.length)
        this.queue[0] = { kind: 'runs', runs: work.runs.slice(i), readings: work.readings - readings };
      else this.queue.shift();
    }
    return runs;
  }

  private observer(): ExecutionObserver {
    return this.trace;
  }

  private failSource(
    chain: CompiledChain,
    node: CompiledNode,
    error: unknown,
    sample: ChainMessage | null,
  ): void {
    const message = sample ?? { ts: this.now(), sensor_id: null, key: '', value: null, payload: null };
    this.trace.node(chain, {
      node,
      inputs: [{ input: 'telemetry', message }],
      results: [{ outputs: [], error: errorText(error) }],
      at: this.now(),
      durationMs: 0,
    });
  }

  private async runTelemetry(runs: readonly DurableRun[]): Promise<void> {
    const chain = this.chain;
    const seeds = new Map<string, NodeOutput[]>();
    for (const node of chain.sources) {
      try {
        const messages = await node.kind?.source?.fromTelemetry(node.ctx, node.config, runs);
        if (messages && messages.length > 0) seeds.set(node.id, asOutputs(node, messages));
      } catch (error) {
        this.failSource(chain, node, error, sampleOf(runs));
      }
    }
    if (seeds.size > 0) await runChain(chain, seeds, this.observer(), this.now);
  }

  private async runDue(): Promise<void> {
    const chain = this.chain;
    const seeds = new Map<string, NodeOutput[]>();
    for (const node of chain.timed) {
      try {
        const outputs = (await node.kind?.due?.(node.ctx, node.config)) ?? [];
        if (outputs.length > 0) seeds.set(node.id, outputs);
      } catch (error) {
        this.failSource(chain, node, error, null);
      }
    }
    if (seeds.size > 0) await runChain(chain, seeds, this.observer(), this.now);
  }
}
