/**
 * Group commit for telemetry: callers hand in points and wait; one write at a time goes to the
 * database with everything that queued up meanwhile, so the write size grows with the load and the
 * statement count does not. A caller's promise settles once its points are durable (or the write
 * failed, so an MQTT QoS 1 message is not acknowledged and the device sends it again).
 */
import type { TelemetryPoint } from '../telemetry/writer';

export interface PointWriter {
  write(points: readonly TelemetryPoint[]): Promise<{ inserted: number }>;
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
  onWritten?: (points: readonly TelemetryPoint[]) => void;
}

export class TelemetryBatcher {
  private points: TelemetryPoint[] = [];
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

  /** Queues points; resolves when they are stored. */
  add(points: readonly TelemetryPoint[]): Promise<void> {
    if (points.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      for (const point of points) this.points.push(point);
      this.waiters.push({ resolve, reject });
      if (this.points.length >= this.maxPoints) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.maxDelayMs);
    });
  }

  /** Writes whatever is queued and waits for all writes to finish. */
  async drain(): Promise<void> {
    while (this.writing || this.points.length > 0) {
      this.kick();
      await this.writing;
    }
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing || this.points.length === 0) return;
    const points = this.points;
    const waiters = this.waiters;
    this.points = [];
    this.waiters = [];
    this.writing = this.writeBatch(points, waiters).finally(() => {
      this.writing = null;
      // What queued during the write goes next, without waiting for a timer.
      if (this.points.length > 0) this.kick();
    });
  }

  private async writeBatch(points: TelemetryPoint[], waiters: Waiter[]): Promise<void> {
    // No sorting here: the writer puts rows in key order itself (one lock order for every writer on
    // every node), per series rather than per point.
    try {
      await this.writer.write(points);
      this.written += points.length;
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const waiter of waiters) waiter.resolve();
    this.options.onWritten?.(points);
  }
}
