/**
 * The retention sweep: every organization's telemetry older than its data_retention_days is deleted
 * (pruneOlderThan), one organization at a time so no statement holds the database for long. Retention
 * is counted in days and the cut-off moves in six-hour steps: an hourly sweep is timely and nearly free.
 * Several nodes sweeping at once only repeat a delete that finds nothing.
 */
import type { Logger } from 'pino';
import type { Db } from '../platform/db/database';
import { choreJob, type JobDefinition } from '../platform/jobs/jobQueue';
import { pruneOlderThan } from './repository';

export const RETENTION_JOB = 'telemetry.retention';

/** Prunes every organization's telemetry; answers how many raw points were deleted per organization. */
export async function sweepRetention(db: Db, now: Date = new Date()): Promise<Map<string, number>> {
  // Every organization's retention in one read, not one read per organization.
  const orgs = await db.selectFrom('orgs').select(['id', 'limits']).orderBy('id').execute();
  const deleted = new Map<string, number>();
  for (const org of orgs) {
    const pruned = await pruneOlderThan(db, org.id, Number(org.limits?.data_retention_days), now);
    if (pruned.raw > 0) deleted.set(org.id, pruned.raw);
  }
  return deleted;
}

/** The sweep as a chore: logs what it deleted. */
export function retentionSweeper(deps: { db: Db; log: Logger }): (now: Date) => Promise<void> {
  return async (now) => {
    for (const [orgId, points] of await sweepRetention(deps.db, now)) {
      deps.log.info({ orgId, points }, 'retention sweep deleted telemetry past the retention period');
    }
  };
}

/** Hourly on one node; `then` runs after a sweep (PGlite refreshes its planner statistics there). */
export function retentionJob(
  deps: { db: Db; log: Logger },
  then: (now: Date) => Promise<void> = async () => undefined,
): JobDefinition {
  const sweep = retentionSweeper(deps);
  return choreJob(RETENTION_JOB, '7 * * * *', async (now) => {
    await sweep(now);
    await then(now);
  });
}
