/**
 * The auth_failures sweep: sign-in throttling only reads failures of the last 24 hours (and the mail
 * throttle its last hour), so older rows are dead weight, and the rows of addresses that never come back
 * would otherwise stay forever. Rows keyed `account:` belong to the account-wide lockout that per
 * (account, address) throttling replaced; nothing reads them any more. Hourly, as a job run by one
 * node, in batches by primary key (old rows have the lowest ids), at most MAX_BATCHES a run: a flood of
 * failures is cleared over several runs instead of one long statement. Several nodes sweeping at once
 * only repeat a delete that finds nothing.
 */
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database';
import { choreJob, type JobDefinition } from '../../platform/jobs/jobQueue';
import { SignInFailureRepository } from './failureRepository';

/** How much one run may delete: batches of this many rows, at most this many batches. */
export interface SweepBounds {
  batchSize: number;
  maxBatches: number;
}

const DEFAULT_BOUNDS: SweepBounds = { batchSize: 5_000, maxBatches: 40 };

/** Deletes failures past the throttle's memory and the obsolete `account:` rows; answers how many. */
export async function sweepAuthFailures(db: Db, bounds: SweepBounds = DEFAULT_BOUNDS): Promise<number> {
  const failures = new SignInFailureRepository(db);
  let deleted = 0;
  for (let batch = 0; batch < bounds.maxBatches; batch++) {
    const gone = await failures.sweepBatch(bounds.batchSize);
    deleted += gone;
    if (gone < bounds.batchSize) break;
  }
  return deleted;
}

/** The sweep as a chore: logs what it deleted. */
export function authFailureSweeper(
  deps: { db: Db; log: Logger },
  bounds: SweepBounds = DEFAULT_BOUNDS,
): (now: Date) => Promise<void> {
  return async () => {
    const rows = await sweepAuthFailures(deps.db, bounds);
    if (rows > 0) deps.log.info({ rows }, 'auth failure sweep deleted forgotten sign-in and mail counts');
  };
}

/** Hourly on one node (at :37, away from the retention sweep's :07). */
export function authFailureSweepJob(deps: { db: Db; log: Logger }): JobDefinition {
  return choreJob('auth.failureSweep', '37 * * * *', authFailureSweeper(deps));
}
