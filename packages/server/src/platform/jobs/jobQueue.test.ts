import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from '../db/database';
import { CHORE_RETRY, choreJob, JobQueue } from './jobQueue';

const log = pino({ level: 'silent' });
const FAST = { pollingIntervalSeconds: 0.5, cronCheckSeconds: 1 };
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the job queue (pg-boss on the platform database)', () => {
  it('runs a delayed job once, not before its time', async () => {
    const queue = await JobQueue.start(database.db, log, FAST);
    const runs: { at: number; orgId: string }[] = [];
    await queue.define<{ orgId: string }>({
      name: 'test.delayed',
      run: async (data) => {
        runs.push({ at: Date.now(), orgId: data.orgId });
      },
    });
    const sent = Date.now();
    expect(await queue.send('test.delayed', { orgId: 'org-a' }, { startAfter: 2 })).toBeTruthy();
    await until(() => runs.length > 0);
    expect(runs[0]?.at).toBeGreaterThanOrEqual(sent + 1_900);
    expect(runs[0]?.orgId).toBe('org-a');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toHaveLength(1);
    await queue.stop();
  });

  it('retries a failing job until it succeeds, counting its attempts', async () => {
    const queue = await JobQueue.start(database.db, log, FAST);
    const attempts: number[] = [];
    await queue.define({
      name: 'test.flaky',
      retry: { limit: 3, delaySeconds: 1, backoff: false },
      run: async (_data, attempt) => {
        attempts.push(attempt.retryCount);
        if (attempts.length < 3) throw new Error('broker not reachable yet');
      },
    });
    await queue.send('test.flaky', {});
    await until(() => attempts.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(attempts).toEqual([0, 1, 2]);
    await queue.stop();
  });

  it('keeps a job queued before a stop and runs it on the node that starts next', async () => {
    const first = await JobQueue.start(database.db, log, FAST);
    const ranOnFirst: string[] = [];
    await first.define<{ report: string }>({
      name: 'test.durable',
      run: async (data) => {
        ranOnFirst.push(data.report);
      },
    });
    await first.send('test.durable', { report: 'weekly' }, { startAfter: 3 });
    await first.stop();

    const next = await JobQueue.start(database.db, log, FAST);
    const ranOnNext: string[] = [];
    await next.define<{ report: string }>({
      name: 'test.durable',
      run: async (data) => {
        ranOnNext.push(data.report);
      },
    });
    await until(() => ranOnNext.length > 0);
    expect(ranOnNext).toEqual(['weekly']);
    expect(ranOnFirst).toEqual([]);
    await next.stop();
  });

  it('runs each job exactly once when two nodes work the same queue', async () => {
    const nodes = await Promise.all([
      JobQueue.start(database.db, log, FAST),
      JobQueue.start(database.db, log, FAST),
    ]);
    const runs = new Map<number, number>();
    for (const node of nodes) {
      await node.define<{ n: number }>({
        name: 'test.shared',
        run: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 10));
        },
      });
    }
    for (let n = 0; n < 30; n++) await nodes[n % 2]?.send('test.shared', { n });
    await until(() => runs.size === 30, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await Promise.all(nodes.map((node) => node.stop()));
  });

  it("keeps one waiting job per key under the 'short' policy: a second send answers null", async () => {
    const queue = await JobQueue.start(database.db, log, FAST);
    await queue.define({ name: 'test.singleton', policy: 'short', run: async () => undefined });
    const first = await queue.send('test.singleton', {}, { startAfter: 60, singletonKey: 'org-a' });
    const second = await queue.send('test.singleton', {}, { startAfter: 60, singletonKey: 'org-a' });
    const other = await queue.send('test.singleton', {}, { startAfter: 60, singletonKey: 'org-b' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    await queue.stop();
  });

  it('runs an everySeconds job once per period across two nodes, each period in turn, and no more once stopped', async () => {
    const nodes = await Promise.all(
      ['node-a', 'node-b'].map((node) => JobQueue.start(database.db, log, { ...FAST, node })),
    );
    const runs: { id: string; node: string }[] = [];
    for (const [index, node] of nodes.entries()) {
      await node.define({
        name: 'test.every',
        everySeconds: 2,
        run: async (_data, attempt) => {
          runs.push({ id: attempt.id, node: index === 0 ? 'node-a' : 'node-b' });
        },
      });
    }
    // Four whole periods at least, whatever the phase the test starts in.
    await new Promise((resolve) => setTimeout(resolve, 9_500));
    await Promise.all(nodes.map((node) => node.stop()));
    const jobs = (
      await sql<{ slot: number; state: string; node: string | null; id: string }>`
        select extract(epoch from singleton_on)::int as slot, state, output->>'node' as node, id::text as id
        from pgboss.job where name = 'test.every' order by singleton_on`.execute(database.db)
    ).rows;
    const slots = jobs.map((job) => job.slot);
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    // One job per period, none missing between the first and the last.
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.every((slot, i) => i === 0 || slot - (slots[i - 1] ?? 0) === 2)).toBe(true);
    // Each ran once, on the node its row names.
    expect(jobs.every((job) => job.state === 'completed')).toBe(true);
    expect(runs.map((run) => run.id).sort()).toEqual(jobs.map((job) => job.id).sort());
    for (const run of runs) expect(jobs.find((job) => job.id === run.id)?.node).toBe(run.node);
    // Stopped nodes send no more periods.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'test.every'`.execute(database.db);
    expect(after.rows[0]?.n).toBe(jobs.length);
  });

  it('refuses an everySeconds period pg-boss cannot key, or one given with a cron', async () => {
    const queue = await JobQueue.start(database.db, log, FAST);
    const run = async () => undefined;
    await expect(queue.define({ name: 'test.half', everySeconds: 0.5, run })).rejects.toThrow(/whole number/);
    await expect(queue.define({ name: 'test.daily', everySeconds: 86_400, run })).rejects.toThrow(
      /1 to 3600/,
    );
    await expect(
      queue.define({ name: 'test.both', everySeconds: 5, cron: '* * * * *', run }),
    ).rejects.toThrow(/not both/);
    await queue.stop();
  });

  it('makes a chore a cron job that runs it as of now and throws its failure, so pg-boss retries it', async () => {
    const seen: Date[] = [];
    const job = choreJob('test.chore', '*/5 * * * *', async (now) => {
      seen.push(now);
      if (seen.length === 1) throw new Error('disk full');
    });
    expect(job).toMatchObject({ name: 'test.chore', cron: '*/5 * * * *', retry: CHORE_RETRY });
    const before = Date.now();
    await expect(job.run({}, { id: 'tick', retryCount: 0 })).rejects.toThrow('disk full');
    await job.run({}, { id: 'tick', retryCount: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.getTime()).toBeGreaterThanOrEqual(before);
  });
});
