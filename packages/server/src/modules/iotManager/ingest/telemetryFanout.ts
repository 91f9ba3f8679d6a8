/**
 * Hands every batch ingest stored to every module's telemetry subscriber (live values, and later
 * alerts, stream logic, derived series), on the node that stored it. The batcher calls `publish` once a
 * batch is durable and its callers are answered; batches come one at a time, in the order they were
 * written, so each subscriber sees a sensor's points in the order they were stored.
 *
 * Each subscriber has a queue of its own, worked one batch at a time: a slow subscriber falls behind
 * alone, and one that throws or rejects is logged under its name (at most once a minute, with the
 * count since) and skips that batch only (not retried: the points are stored, and the next batch
 * follows). A queue holds at most `maxQueuedPoints`; the batch that fills it is still taken, and then
 * `publish` answers a promise that settles once the queue is back within its bound (or down to one
 * batch). The batcher waits for it before its next write, so a subscriber that cannot keep up delays
 * the next batch's acknowledgement (devices wait as for a slow database, MQTT QoS 1 senders stop at
 * their in-flight window) instead of points being dropped or held without bound: a subscriber's queue
 * holds at most its bound (or one batch bigger than it) plus one batch, and the batches are shared by
 * every queue, not copied.
 *
 * A subscriber must therefore not wait, inside `onBatch`, for ingest to store something of its own
 * (a derived series): with its queue full, ingest waits for it and it for ingest. It hands such points
 * on without awaiting them.
 */
import type { Logger } from 'pino';
import type { DurableRun, TelemetrySubscriber } from '../../../platform/module';

/** Points a subscriber may have waiting before ingest waits for it (a few seconds at full rate). */
export const SUBSCRIBER_QUEUE_POINTS = 200_000;

/** The least time between two log lines about one subscriber (failures, falling behind). */
const LOG_EVERY_MS = 60_000;

export interface FanoutOptions {
  /** The bound of each subscriber's queue, in points (default SUBSCRIBER_QUEUE_POINTS). */
  maxQueuedPoints?: number;
  /** The least time between two log lines about one subscriber (default a minute). */
  logEveryMs?: number;
}

interface Batch {
  runs: readonly DurableRun[];
  points: number;
}

export class TelemetryFanout {
  private readonly queues: SubscriberQueue[];

  constructor(subscribers: readonly TelemetrySubscriber[], log: Logger, options: FanoutOptions = {}) {
    const limits = {
      maxPoints: options.maxQueuedPoints ?? SUBSCRIBER_QUEUE_POINTS,
      logEveryMs: options.logEveryMs ?? LOG_EVERY_MS,
    };
    this.queues = subscribers.map((subscriber) => new SubscriberQueue(subscriber, log, limits));
  }

  /**
   * Queues a stored batch for every subscriber. Answers nothing when every queue took it within its
   * bound, otherwise a promise that settles once each queue is back within it (it never rejects).
   */
  publish(runs: readonly DurableRun[]): Promise<void> | undefined {
    if (this.queues.length === 0) return undefined;
    let points = 0;
    for (const run of runs) points += run.ts.length;
    if (points === 0) return undefined;
    const batch: Batch = { runs, points };
    const rooms: Promise<void>[] = [];
    for (const queue of this.queues) {
      queue.push(batch);
      if (queue.full) rooms.push(queue.room());
    }
    return rooms.length === 0 ? undefined : Promise.all(rooms).then(() => undefined);
  }

  /** Points waiting for each subscriber, by name (for tests and statistics). */
  queued(): Record<string, number> {
    return Object.fromEntries(this.queues.map((queue) => [queue.name, queue.queued]));
  }

  /**
   * Waits until every subscriber has taken every batch published so far, then asks each to hand on
   * what it still holds (its `flush`). Ingest drains its batcher first, so nothing new comes meanwhile.
   */
  async drain(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.idle()));
    await Promise.all(this.queues.map((queue) => queue.flush()));
  }
}

/** One subscriber's queue and the loop that works it. */
class SubscriberQueue {
  readonly name: string;
  /** Points in the queue, the batch being worked included. */
  queued = 0;
  /** Batches from `head` on are waiting (the one at `head` is being worked); earlier slots are spent. */
  private batches: (Batch | undefined)[] = [];
  private head = 0;
  /** Whether the loop is working the queue (it may finish within `push`, when a subscriber throws). */
  private working = false;
  private roomWaiters: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];
  private failures = 0;
  private lastFailureLog = Number.NEGATIVE_INFINITY;
  private lastBehindLog = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly subscriber: TelemetrySubscriber,
    private readonly log: Logger,
    private readonly limits: { maxPoints: number; logEveryMs: number },
  ) {
    this.name = subscriber.name;
  }

  /**
   * Over the bound with more than one batch waiting: a single batch bigger than the bound is taken
   * and worked like any other (refusing it would stop ingest for good).
   */
  get full(): boolean {
    return this.queued > this.limits.maxPoints && this.batches.length - this.head > 1;
  }

  push(batch: Batch): void {
    this.batches.push(batch);
    this.queued += batch.points;
    if (this.working) return;
    this.working = true;
    void this.work();
  }

  /** Settles once the queue is back within its bound. */
  room(): Promise<void> {
    const now = Date.now();
    if (now - this.lastBehindLog >= this.limits.logEveryMs) {
      this.lastBehindLog = now;
      this.log.warn(
        { subscriber: this.name, queuedPoints: this.queued },
        `Telemetry subscriber "${this.name}" is behind: ingest waits for it`,
      );
    }
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Settles once every batch pushed so far has been worked. */
  idle(): Promise<void> {
    if (!this.working) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async flush(): Promise<void> {
    try {
      await this.subscriber.flush?.();
    } catch (error) {
      this.failed(error, 'flush');
    }
  }

  private async work(): Promise<void> {
    while (this.head < this.batches.length) {
      const batch = this.batches[this.head] as Batch;
      try {
        await this.subscriber.onBatch(batch.runs);
      } catch (error) {
        this.failed(error, 'batch');
      }
      this.batches[this.head++] = undefined;
      this.queued -= batch.points;
      this.compact();
      if (!this.full && this.roomWaiters.length > 0) {
        const waiters = this.roomWaiters;
        this.roomWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
    this.working = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Drops spent slots, so a queue that never empties does not grow. */
  private compact(): void {
    if (this.head === this.batches.length) {
      this.batches = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.batches.length) {
      this.batches = this.batches.slice(this.head);
      this.head = 0;
    }
  }

  private failed(error: unknown, during: 'batch' | 'flush'): void {
    this.failures++;
    const now = Date.now();
    if (now - this.lastFailureLog < this.limits.logEveryMs) return;
    this.log.error(
      { err: error, subscriber: this.name, failures: this.failures },
      during === 'batch'
        ? `Telemetry subscriber "${this.name}" failed on a stored batch; it skips the batch and goes on`
        : `Telemetry subscriber "${this.name}" failed to flush`,
    );
    this.lastFailureLog = now;
    this.failures = 0;
  }
}
