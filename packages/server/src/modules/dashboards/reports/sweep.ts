/**
 * The report sweep: a report's file is kept only as long as its signed link works
 * (DASHBOARD_REPORT_LINK_TTL_SECONDS from when it was stored), then deleted from the blob store and the
 * report marked 'expired' (its download answers 410). Renders that a crash left 'rendering' are marked
 * failed after a while, and a file they stored is deleted too.
 *
 * Files go before rows: a delete that fails leaves the row as it was, so the next sweep tries again, and a
 * missing file is no error, so several nodes sweeping at once only repeat a delete.
 */
import { DASHBOARD_REPORT_LINK_TTL_SECONDS } from '@ferrite/contracts';
import type { Logger } from 'pino';
import { choreJob, type JobDefinition } from '../../../platform/jobs/jobQueue';
import type { BlobStore } from '../../../platform/storage/blobStore';
import type { DB } from '../shared';
import { ReportRepository, reportBlobKey, type SweptReport } from './repository';

/** Far beyond a render's 90 s deadline: a row still 'rendering' then belongs to a process that died. */
export const ABANDONED_RENDER_MS = 60 * 60_000;
/** Rows ended per kind and sweep, so one sweep stays short; the rest wait for the next. */
const BATCH = 200;

export interface ReportSweepResult {
  expired: string[];
  abandoned: string[];
}

/** Deletes the files of expired and abandoned reports and marks their rows; answers the ids ended. */
export async function sweepReports(
  deps: { db: DB; blobs: BlobStore; log?: Logger },
  now: Date = new Date(),
): Promise<ReportSweepResult> {
  const repo = new ReportRepository(deps.db);
  const storedBefore = new Date(now.getTime() - DASHBOARD_REPORT_LINK_TTL_SECONDS * 1000);
  const expired = await deleteFiles(deps, await repo.expiredReady(storedBefore, BATCH));
  const startedBefore = new Date(now.getTime() - ABANDONED_RENDER_MS);
  const abandoned = await deleteFiles(deps, await repo.abandonedRenders(startedBefore, BATCH));
  return {
    expired: await repo.markExpired(expired),
    abandoned: await repo.markAbandoned(abandoned),
  };
}

/** Deletes each report's file; answers the reports whose file is gone (a failed delete is retried later). */
async function deleteFiles(
  deps: { blobs: BlobStore; log?: Logger | undefined },
  reports: readonly SweptReport[],
): Promise<string[]> {
  const gone: string[] = [];
  for (const report of reports) {
    const key =
      report.blob_key ?? reportBlobKey({ orgId: report.org_id, id: report.id, format: report.format });
    try {
      await deps.blobs.delete(key);
      gone.push(report.id);
    } catch (error) {
      deps.log?.warn({ err: error, reportId: report.id }, 'report file not deleted; the next sweep retries');
    }
  }
  return gone;
}

/** The sweep as a chore: logs what it ended. */
export function reportSweeper(deps: { db: DB; blobs: BlobStore; log: Logger }): (now: Date) => Promise<void> {
  return async (now) => {
    const ended = await sweepReports(deps, now);
    if (ended.expired.length || ended.abandoned.length) {
      deps.log.info(
        { expired: ended.expired.length, abandoned: ended.abandoned.length },
        'report sweep deleted report files',
      );
    }
  };
}

/** Report expiry is counted in days: a sweep every five minutes, on one node, is timely and nearly free. */
export function reportSweepJob(deps: { db: DB; blobs: BlobStore; log: Logger }): JobDefinition {
  return choreJob('dashboards.reportFiles', '*/5 * * * *', reportSweeper(deps));
}
