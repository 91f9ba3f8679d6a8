/**
 * Durable work that runs once, whichever node picks it up: pg-boss (10.x, the last line that runs on
 * Node 20) keeps its jobs in the platform's own database, in schema `pgboss`, so the same code runs on
 * PGlite and on PostgreSQL and a job queued before a restart is still there after it. Its statements
 * go through the platform's Kysely instance (db/script.ts), sharing PGlite's one connection lock and
 * PostgreSQL's pool with everything else.
 *
 * Once across nodes: a worker takes a job with `FOR UPDATE SKIP LOCKED`, so two nodes never run the
 * same one; a cron schedule is stored once and each tick is sent by one node only (pg-boss elects the
 * sender and keys the tick's job as a singleton).
 *
 * Every few seconds, once across nodes (`everySeconds`, for what cron's minute is too coarse for): the
 * clock is cut into periods of N seconds counted from the epoch on the database's clock, and every node
 * sends the job once per period with pg-boss's `singletonSeconds: N`. The job's row is keyed by its
 * period (`singleton_on`, a unique index), so only the first send of a period inserts one and the
 * others are dropped; one node takes it. A period in which no node sent (all stopped, or stalled for
 * half a period) has no run, so such a job does everything due as of now rather than one period's
 * share, and keeps what it has done in the database, not in a node's memory.
 */
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { runSql } from '../db/script';

/** How a failed run is tried again. */
export interface RetryPolicy {
  /** Further attempts after the first. */
  limit: number;
  /** Seconds before the first retry; doubled each time when `backoff`. */
  delaySeconds: number;
  backoff: boolean;
}

/** One kind of job: its name (a module's key first, `dashboards.reportFiles`), when it runs and what it does. */
export interface JobDefinition<Data extends object = Record<string, never>> {
  name: string;
  /** A cron expression (minute resolution, UTC) for work that repeats; omitted for jobs only sent. */
  cron?: string;
  /**
   * Runs once every this many seconds (1 to 3600) across all nodes, for work that needs finer steps
   * than cron's minute (the gateway status sweep). Not retried unless `retry` says so: the next period
   * is the retry. Runs of two periods may overlap when one takes longer than a period, so the work must
   * be safe to run twice at once (a conditional update), and must do everything due up to now: a
   * period in which every node was down or stalled has no run.
   */
  everySeconds?: number;
  retry?: RetryPolicy;
  /**
   * pg-boss's queue policy, per singleton key (one key for jobs sent without): `short` keeps at most one
   * job waiting, `singleton` at most one running, `stately` one of each. Standard (the default) keeps all.
   */
  policy?: 'short' | 'singleton' | 'stately';
  /** A run that takes longer is failed (and retried): a stuck node cannot hold a job for ever. */
  expireInSeconds?: number;
  run(data: Data, attempt: { id: string; retryCount: number }): Promise<void>;
}

export interface SendOptions {
  /** Not before this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** The key the job's queue policy counts by (e.g. one waiting report per organization). */
  singletonKey?: string;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for work (pg-boss polls; at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often a node checks cron schedules for a due tick (pg-boss: at least 1 s). */
  cronCheckSeconds?: number;
  /** This node's name, stored as the output of every job it completes (`{ node }`): who ran what. */
  node?: string;
}

/** The longest `everySeconds`: pg-boss keys a period only while its job is unarchived (ARCHIVE_SECONDS). */
const MAX_EVERY_SECONDS = 3_600;
/** Completed jobs leave the job table after an hour (pg-boss's default is 12 h; a 5 s job makes 720 an hour). */
const ARCHIVE_SECONDS = 3_600;
/** Archived jobs (their history and output) are kept two days (pg-boss's default is 7). */
const DELETE_AFTER_DAYS = 2;

const NO_RETRY: RetryPolicy = { limit: 0, delaySeconds: 0, backoff: false };
/** A chore safe to repeat: tried twice more, 30 s and then 60 s after a failure. */
export const CHORE_RETRY: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true };

/**
 * A periodic chore as a cron job: one node runs it per tick, with the time it starts; a failure is
 * thrown so pg-boss retries it (CHORE_RETRY) and logs it with the job's name.
 */
export function choreJob(name: string, cron: string, chore: (now: Date) => Promise<void>): JobDefinition {
  return { name, cron, retry: CHORE_RETRY, run: () => chore(new Date()) };
}

export class JobQueue {
  /** The timers of this node's `everySeconds` sends. */
  private readonly tickers = new Set<NodeJS.Timeout>();
  private stopped = false;
  /** Runs this node finished since start, by job (read by /metrics). */
  private readonly runs = new Map<string, { completed: number; failed: number }>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: Logger,
    private readonly options: Required<JobQueueOptions>,
  ) {}

  /** Opens the queue on the platform database (creating or upgrading its schema) and starts its clock. */
  static async start(db: Db, log: Logger, options: JobQueueOptions = {}): Promise<JobQueue> {
    const settings = {
      pollingIntervalSeconds: 2,
      cronCheckSeconds: 30,
      node: `${hostname()}:${process.pid}`,
      ...options,
    };
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => runSql(db, text, values) },
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      schedule: true,
      cronMonitorIntervalSeconds: settings.cronCheckSeconds,
      cronWorkerIntervalSeconds: Math.max(1, Math.min(settings.cronCheckSeconds, 5)),
      archiveCompletedAfterSeconds: ARCHIVE_SECONDS,
      deleteAfterDays: DELETE_AFTER_DAYS,
    });
    // pg-boss reports a failed poll or maintenance run here; unheard, the emitter would throw.
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, log, settings);
  }

  /**
   * Declares a kind of job: its queue, its worker on this node and, for a cron job, its schedule; for
   * an `everySeconds` job, this node's sends (one per period). Declaring a job again replaces this
   * node's worker (what started it was restarted, e.g. the device transports), so no run goes to a
   * worker whose service has stopped.
   */
  async define<Data extends object>(job: JobDefinition<Data>): Promise<void> {
    if (job.everySeconds !== undefined) assertPeriod(job);
    const retry = job.retry ?? NO_RETRY;
    const options = {
      name: job.name,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      ...(job.policy ? { policy: job.policy } : {}),
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    };
    // Nodes starting together create the same queues at once: the loser of that race gets a unique
    // violation or a deadlock. A moment later the queue is made (or this node tries again).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(job.name, options);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        if (await this.boss.getQueue(job.name)) break;
      }
    }
    await this.boss.offWork(job.name);
    const worker = await this.boss.work<Data>(
      job.name,
      { pollingIntervalSeconds: this.options.pollingIntervalSeconds, includeMetadata: true },
      async ([taken]) => {
        if (!taken) return;
        const runs = this.runCountsOf(job.name);
        try {
          await job.run(taken.data, { id: taken.id, retryCount: taken.retryCount });
          runs.completed++;
          return { node: this.options.node };
        } catch (error) {
          runs.failed++;
          // Logged here with the job's name; pg-boss records the failure and schedules the retry.
          this.log.warn({ err: error, job: job.name, attempt: taken.retryCount + 1 }, 'job failed');
          throw error;
        }
      },
    );
    if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (job.everySeconds) this.sendEveryPeriod(job.name, job.everySeconds, worker);
  }

  /**
   * Sends the job once per period from this node, at the period's middle by this node's clock: a clock
   * up to half a period off the database's still sends into the period it means. The send that makes
   * the period's job wakes this node's worker, so the run starts at once rather than at the next poll.
   */
  private sendEveryPeriod(name: string, seconds: number, worker: string): void {
    const periodMs = seconds * 1_000;
    const schedule = () => {
      if (this.stopped) return;
      const now = Date.now();
      let next = Math.floor(now / periodMs) * periodMs + periodMs / 2;
      if (next <= now) next += periodMs;
      const timer = setTimeout(() => {
        this.tickers.delete(timer);
        this.boss
          .send(name, {}, { singletonSeconds: seconds })
          .then((id) => {
            if (id) this.boss.notifyWorker(worker);
          })
          .catch((error: unknown) => this.log.warn({ err: error, job: name }, 'job tick not sent'))
          .finally(schedule);
      }, next - now);
      timer.unref();
      this.tickers.add(timer);
    };
    schedule();
  }

  /** Queues one run; answers its id, or null when a singleton with the same key is already queued. */
  send<Data extends object>(name: string, data: Data, options: SendOptions = {}): Promise<string | null> {
    const { startAfter, singletonKey } = options;
    return this.boss.send(name, data, {
      ...(startAfter !== undefined ? { startAfter } : {}),
      ...(singletonKey ? { singletonKey } : {}),
    });
  }

  /** Runs this node finished since start, by job name: completed and failed (each retry counts). */
  runCounts(): ReadonlyMap<string, { completed: number; failed: number }> {
    return this.runs;
  }

  private runCountsOf(name: string): { completed: number; failed: number } {
    let counts = this.runs.get(name);
    if (!counts) {
      counts = { completed: 0, failed: 0 };
      this.runs.set(name, counts);
    }
    return counts;
  }

  /** Stops taking work, waits for runs in flight, and leaves the database open (it is the platform's). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.tickers) clearTimeout(timer);
    this.tickers.clear();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }
}

/** An `everySeconds` job names a whole number of seconds pg-boss can key, and no cron as well. */
function assertPeriod(job: JobDefinition<never>): void {
  const seconds = job.everySeconds ?? 0;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EVERY_SECONDS) {
    throw new Error(`Job ${job.name}: everySeconds must be a whole number from 1 to ${MAX_EVERY_SECONDS}`);
  }
  if (job.cron) throw new Error(`Job ${job.name}: give either cron or everySeconds, not both`);
}
