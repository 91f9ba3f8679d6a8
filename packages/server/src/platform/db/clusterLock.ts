/**
 * One of each across nodes, for what is not a job: PostgreSQL session-level advisory locks, each on a
 * connection of its own (not the pool's: a session lock belongs to the connection that took it, and
 * the pool would hand that connection to anyone). A node that dies, or loses its connection, lets go
 * of its locks with its session, so nothing waits for a node that is gone. PGlite is one process's
 * database: there is no other node, and the work simply runs.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './database';

type LockTarget = Pick<DatabaseHandle, 'engine' | 'url'>;

/** A lock's 64-bit key: its name hashed by PostgreSQL (as the transaction locks in the repositories). */
const KEY = `hashtextextended('ferrite-cluster:' || $1, 0)`;

/** A held lock: released by `release()`, or by the session ending with the process. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the lock `name`, waiting while another node holds it (two nodes starting together: the second
 * migrates and seeds after the first, and finds it done).
 */
export async function holdClusterLock(target: LockTarget, name: string): Promise<HeldLock> {
  if (target.engine !== 'postgres' || !target.url) return { release: async () => undefined };
  const client = new pg.Client({ connectionString: target.url, application_name: `ferrite lock ${name}` });
  // A dropped connection is seen by the query that needs it; unheard, the error would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${KEY})`, [name]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  let released: Promise<void> | null = null;
  return {
    release: () => {
      released ??= client
        .query(`select pg_advisory_unlock(${KEY})`, [name])
        .catch(() => undefined)
        .then(() => client.end())
        .catch(() => undefined);
      return released;
    },
  };
}

/** Runs `work` while holding the lock `name` (see holdClusterLock). */
export async function withClusterLock<T>(
  target: LockTarget,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const lock = await holdClusterLock(target, name);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

/** What a lease holder runs, stopped when the lease is lost or given back. */
export interface LeasedWork {
  stop(): Promise<void>;
}

export interface ClusterLease {
  /** Whether this node holds the lease now. */
  readonly held: boolean;
  /** Stops the work (when held) and gives the lease back for another node to take. */
  stop(): Promise<void>;
}

export interface LeaseOptions {
  /** How often a node without the lease tries to take it (default 5 s): the longest a dead holder's work pauses. */
  retryMs?: number;
}

/**
 * Runs `start` on one node of the cluster at a time: the node that takes the lock `name` runs it
 * until it stops or loses its database session; the others try every `retryMs` and one of them
 * takes over. `start` answering null means it gave up (and said why): the lease is kept all the same,
 * so no other node tries what this one found it cannot do.
 */
export function startClusterLease(
  target: LockTarget,
  name: string,
  log: Logger,
  start: () => Promise<LeasedWork | null>,
  options: LeaseOptions = {},
): ClusterLease {
  const retryMs = options.retryMs ?? 5_000;
  let stopped = false;
  let held = false;
  let work: LeasedWork | null = null;
  /** The session the lock is tried (and held) on, kept between tries: no connection churn while waiting. */
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      attempt = tryTake();
    }, retryMs);
    timer.unref();
  };

  const stopWork = async () => {
    held = false;
    const running = work;
    work = null;
    await running
      ?.stop()
      .catch((error: unknown) => log.warn({ err: error, lease: name }, 'leased work did not stop'));
  };

  /** Stops the work and ends the session, which lets go of the lock. */
  const release = async () => {
    await stopWork();
    const connection = client;
    client = null;
    await connection?.end().catch(() => undefined);
  };

  const session = async (url: string): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url, application_name: `ferrite lease ${name}` });
    fresh.on('error', (error) => {
      if (client !== fresh) return;
      client = null;
      void fresh.end().catch(() => undefined);
      // A node still waiting simply connects again at its next try.
      if (!held) return;
      log.warn(
        { err: error, lease: name },
        'lost the database session holding a lease; another node takes over',
      );
      void stopWork().then(retry);
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };

  const tryTake = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (target.engine === 'postgres' && target.url) {
        const connection = await session(target.url);
        const { rows } = await connection.query<{ taken: boolean }>(
          `select pg_try_advisory_lock(${KEY}) as taken`,
          [name],
        );
        if (!rows[0]?.taken) return retry();
      }
      held = true;
      if (stopped) return release();
      work = await start();
      if (stopped) return release();
      log.info({ lease: name, running: work !== null }, 'this node holds the lease');
    } catch (error) {
      log.warn({ err: error, lease: name }, 'could not take a lease; trying again');
      await release();
      retry();
    }
  };

  attempt = tryTake();
  return {
    get held() {
      return held;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await release();
    },
  };
}
