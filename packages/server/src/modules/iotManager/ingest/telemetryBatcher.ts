/**
 * Group commit for telemetry: callers hand in points and wait; one write at a time goes to the
 * database with everything that queued up meanwhile, so the write size grows with the load and the
 * statement count does not. A caller's promise settles once its points are durable (or the write
 * failed, so an MQTT QoS 1 message is not acknowledged and the device sends it again), with the
 * points of its own that were not stored because their series already had a point at that time.
 */
import {
  type PointRun,
  pointCount,
  seriesKey,
  type TakenTimes,
  type WriteOutcome,
} from '../../../telemetry/pointRuns';

export interface PointWriter {
  writeRuns(runs: readonly PointRun[]): Promise<WriteOutcome>;
  /** Gets ready for the first batch ahead of it (a writer thread loads); resolves when ready. */
  warmUp?(): Promise<void>;
  /** Ends what the writer runs beside the event loop; called once nothing is left to write. */
  close?(): Promise<void>;
}

/** A point not stored: its series already had a point at that time (the first one for a time is kept). */
export interface DuplicatePoint {
  sensorId: string;
  paramKey: string;
  /** Epoch milliseconds, microseconds as the fraction. */
  ts: number;
}

interface Waiter {
  /** The caller's runs: `runs[from..to)` of the batch. */
  from: number;
  to: number;
  resolve(duplicates: DuplicatePoint[] | null): void;
  reject(error: unknown): void;
}

export interface BatcherOptions {
  /** Write at once when this many points are waiting. */
  maxPoints?: number;
  /** Otherwise write this long after the first point arrived (ms). */
  maxDelayMs?: number;
  /**
   * Called after every successful write with the points written, once their callers are answered.
   * When it returns a promise, the next write waits for it: subscribers that fell behind hold back
   * the next batch's acknowledgement (telemetryFanout.ts).
   */
  onWritten?: (runs: readonly PointRun[]) => Promise<void> | undefined;
  /** Told each stored batch's wait, from its first point queued to durable, in seconds (a histogram). */
  onWait?: { observe(seconds: number): void };
}

export class TelemetryBatcher {
  private runs: PointRun[] = [];
  /** Points in `runs`. */
  private queued = 0;
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  /** When the first point of the batch now queueing arrived (performance.now()). */
  private firstQueuedAt = 0;
  private readonly maxPoints: number;
  private readonly maxDelayMs: number;
  /** Points stored since start (for statistics and benchmarks). */
  written = 0;

  constructor(
    private readonly writer: PointWriter,
    private readonly options: BatcherOptions = {},
  ) {
    this.maxPoints = options.maxPoints ?? 50_000;
    this.maxDelayMs = options.maxDelayMs ?? 5;
  }

  /**
   * Queues runs of points; resolves when they are stored, with the points that were not (their time
   * was already taken), or null when every point was stored.
   */
  add(runs: readonly PointRun[]): Promise<DuplicatePoint[] | null> {
    const points = pointCount(runs);
    if (points === 0) return Promise.resolve(null);
    return new Promise<DuplicatePoint[] | null>((resolve, reject) => {
      const from = this.runs.length;
      if (from === 0 && this.options.onWait) this.firstQueuedAt = performance.now();
      for (const run of runs) this.runs.push(run);
      this.queued += points;
      this.waiters.push({ from, to: this.runs.length, resolve, reject });
      if (this.queued >= this.maxPoints) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.maxDelayMs);
    });
  }

  /** Writes whatever is queued and waits for all writes to finish. */
  async drain(): Promise<void> {
    while (this.writing || this.runs.length > 0) {
      this.kick();
      await this.writing;
    }
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing || this.runs.length === 0) return;
    const runs = this.runs;
    const waiters = this.waiters;
    this.runs = [];
    this.queued = 0;
    this.waiters = [];
    this.writing = this.writeBatch(runs, waiters, this.firstQueuedAt).finally(() => {
      this.writing = null;
      // What queued during the write goes next, without waiting for a timer.
      if (this.runs.length > 0) this.kick();
    });
  }

  private async writeBatch(runs: PointRun[], waiters: Waiter[], queuedAt: number): Promise<void> {
    // No sorting here: the writer puts rows in key order itself (one lock order for every writer on
    // every node), per series rather than per point.
    let outcome: WriteOutcome;
    try {
      outcome = await this.writer.writeRuns(runs);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    this.written += outcome.inserted;
    this.options.onWait?.observe((performance.now() - queuedAt) / 1000);
    const taken = outcome.taken;
    if (taken) {
      for (const [waiter, duplicates] of duplicatesByCaller(runs, waiters, taken)) waiter.resolve(duplicates);
    } else {
      for (const waiter of waiters) waiter.resolve(null);
    }
    const handedOn = this.options.onWritten?.(runs);
    if (handedOn) await handedOn;
  }
}

/**
 * Each caller's points the write left out, walking the batch in the order the writer read it: a time
 * found stored leaves out every point at it, a time repeated in the batch all but its first point.
 */
function duplicatesByCaller(
  runs: readonly PointRun[],
  waiters: readonly Waiter[],
  taken: TakenTimes,
): Map<Waiter, DuplicatePoint[] | null> {
  const stored = asSets(taken.stored);
  const repeated = asSets(taken.repeated);
  /** Repeated times already met once (that first point was stored). */
  const met = new Map<string, Set<number>>();
  const answers = new Map<Waiter, DuplicatePoint[] | null>();
  for (const waiter of waiters) {
    let duplicates: DuplicatePoint[] | null = null;
    for (let r = waiter.from; r < waiter.to; r++) {
      const run = runs[r] as PointRun;
      const key = seriesKey(run.sensorId, run.paramKey);
      const storedTimes = stored.get(key);
      const repeatedTimes = repeated.get(key);
      if (!storedTimes && !repeatedTimes) continue;
      for (let i = 0; i < run.ts.length; i++) {
        const ts = run.ts[i] as number;
        let duplicate = storedTimes?.has(ts) ?? false;
        if (!duplicate && repeatedTimes?.has(ts)) {
          let first = met.get(key);
          if (!first) {
            first = new Set();
            met.set(key, first);
          }
          duplicate = first.has(ts);
          first.add(ts);
        }
        if (!duplicate) continue;
        duplicates ??= [];
        duplicates.push({ sensorId: run.sensorId, paramKey: run.paramKey, ts });
      }
    }
    answers.set(waiter, duplicates);
  }
  return answers;
}

function asSets(times: Map<string, number[]>): Map<string, Set<number>> {
  return new Map([...times].map(([key, list]) => [key, new Set(list)]));
}
