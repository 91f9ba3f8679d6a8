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
