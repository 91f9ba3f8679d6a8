/**
 * Group commit for telemetry: callers hand in points and wait; one write at a time goes to the
 * database with everything that queued up meanwhile, so the write size grows with the load and the
 * statement count does not. A caller's promise settles once its points are durable (or the write
 * failed, so an MQTT QoS 1 message is not acknowledged and the device sends it again).
 */
import { type PointRun, pointCount } from '../telemetry/pointRuns';

export interface PointWriter {
  writeRuns(runs: readonly PointRun[]): Promise<{ inserted: number }>;
  /** Gets ready for the first batch ahead of it (a writer thread loads); resolves when ready. */
  warmUp?(): Promise<void>;
  /** Ends what the writer runs beside the event loop; called once nothing is left to write. */
  close?(): Promise<void>;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export interface BatcherOptions {
  /** Write at once when this many points are waiting. */
  maxPoints?: number;
  /** Otherwise write this long after the first point arrived (ms). */
  maxDelayMs?: number;
  /** Called after every successful write with the points written. */
  onWritten?: (runs: readonly PointRun[]) => void;
}

export class TelemetryBatcher {
  private runs: PointRun[] = [];
  /** Points in `runs`. */
  private queued = 0;
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
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

  /** Queues runs of points; resolves when they are stored. */
  add(runs: readonly PointRun[]): Promise<void> {
    const points = pointCount(runs);
    if (points === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      for (const run of runs) this.runs.push(run);
      this.queued += points;
      this.waiters.push({ resolve, reject });
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
    const points = this.queued;
    const waiters = this.waiters;
    this.runs = [];
    this.queued = 0;
    this.waiters = [];
    this.writing = this.writeBatch(runs, points, waiters).finally(() => {
      this.writing = null;
      // What queued during the write goes next, without waiting for a timer.
      if (this.runs.length > 0) this.kick();
    });
  }

  private async writeBatch(runs: PointRun[], points: number, waiters: Waiter[]): Promise<void> {
    // No sorting here: the writer puts rows in key order itself (one lock order for every writer on
    // every node), per series rather than per point.
    try {
      await this.writer.writeRuns(runs);
      this.written += points;
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const waiter of waiters) waiter.resolve();
    this.options.onWritten?.(runs);
  }
}
