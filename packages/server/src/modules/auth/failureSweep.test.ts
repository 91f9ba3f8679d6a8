/** The auth_failures sweep: counts past the sign-in memory and the old lockout's rows go, recent counts stay. */
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../platform/db/database';
import { openTestDatabase } from '../../testing/testDatabase';
import { authFailureSweepJob, sweepAuthFailures } from './failureSweep';

let database: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.deleteFrom('auth_failures').execute();
});

/** Records a row for `key` that many hours ago, on the database's clock as the throttles do. */
async function failedHoursAgo(key: string, hours: number): Promise<void> {
  await db
    .insertInto('auth_failures')
    .values({ key, failed_at: sql<Date>`now() - make_interval(hours => ${hours})` })
    .execute();
}

async function keysLeft(): Promise<string[]> {
  const rows = await db.selectFrom('auth_failures').select('key').orderBy('key').execute();
  return rows.map((row) => row.key);
}

describe('auth failure sweep', () => {
  it('deletes failures older than a day and every old account-wide row, keeping the last day', async () => {
    await failedHoursAgo('ip:203.0.113.1', 25);
    await failedHoursAgo('pair:203.0.113.1|gone@ferrite.dev', 48);
    await failedHoursAgo('ip:203.0.113.2', 23);
    await failedHoursAgo('pair:203.0.113.2|kept@ferrite.dev', 1);
    await failedHoursAgo('account:kept@ferrite.dev', 1);
    await failedHoursAgo('account:gone@ferrite.dev', 30);
    await failedHoursAgo('mail:reset-password:to:kept@ferrite.dev', 2);

    expect(await sweepAuthFailures(db)).toBe(4);
    expect(await keysLeft()).toEqual([
      'ip:203.0.113.2',
      'mail:reset-password:to:kept@ferrite.dev',
      'pair:203.0.113.2|kept@ferrite.dev',
    ]);
  });

  it('deletes in bounded batches, leaving the rest to the next run', async () => {
    for (let i = 0; i < 5; i++) await failedHoursAgo(`ip:198.51.100.${i}`, 30);
    await failedHoursAgo('ip:198.51.100.99', 0);
    const bounds = { batchSize: 2, maxBatches: 2 };
    expect(await sweepAuthFailures(db, bounds)).toBe(4);
    expect(await sweepAuthFailures(db, bounds)).toBe(1);
    expect(await keysLeft()).toEqual(['ip:198.51.100.99']);
  });

  it('runs hourly as a job that deletes what is forgotten when it runs', async () => {
    const job = authFailureSweepJob({ db, log: pino({ level: 'silent' }) });
    expect(job).toMatchObject({ name: 'auth.failureSweep', cron: '37 * * * *' });
    await failedHoursAgo('ip:192.0.2.1', 25);
    await failedHoursAgo('ip:192.0.2.2', 1);
    await job.run({}, { id: 'tick', retryCount: 0 });
    expect(await keysLeft()).toEqual(['ip:192.0.2.2']);
  });
});
