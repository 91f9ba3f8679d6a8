/**
 * SQL for dashboard reports (dashboard_reports): reserving one under the throttle, finishing it, finding
 * it, and the rows the report sweep ends.
 */
import { DASHBOARD_REPORT_MESSAGES, DASHBOARD_REPORTS_PER_MINUTE } from '@ferrite/contracts';
import { type RawBuilder, sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import { problems } from '../shared';

const WINDOW_MS = 60_000;

/** Where a report's file lives in the blob store (one key per report, so a crashed render's file is found too). */
export function reportBlobKey(report: { orgId: string; id: string; format: 'pdf' | 'png' }): string {
  return `dashboard-reports/${report.orgId}/${report.id}.${report.format}`;
}

/** A report row the sweep ends: where its file is. */
export interface SweptReport {
  id: string;
  org_id: string;
  format: 'pdf' | 'png';
  blob_key: string | null;
}

/** What a new report row holds before it is drawn. */
interface ReportReservation {
  orgId: string;
  dashboardId: string;
  panelId: string;
  source: 'member' | 'link';
  linkId: string | null;
  format: 'pdf' | 'png';
  recipients: string[];
  createdBy: string | null;
}

/** Data access for dashboard reports. */
export class ReportRepository extends Repository {
  /**
   * Inserts a report in state 'rendering', unless the organization already made its reports for this
   * minute (429 with retry-after). The organization's row is locked for the count and the insert, so
   * concurrent calls, on any node, never pass the limit together.
   */
  async reserve(values: ReportReservation): Promise<{ id: string; createdAt: Date }> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orgs').select('id').where('id', '=', values.orgId).forUpdate().execute();
      const since = new Date(Date.now() - WINDOW_MS);
      const recent = await trx
        .selectFrom('dashboard_reports')
        .select('created_at')
        .where('org_id', '=', values.orgId)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      if (recent.length >= DASHBOARD_REPORTS_PER_MINUTE) {
        const oldest = new Date(recent[0]?.created_at ?? Date.now()).getTime();
        const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
        throw problems.tooManyRequests(DASHBOARD_REPORT_MESSAGES.tooMany, retryAfter);
      }
      const row = await trx
        .insertInto('dashboard_reports')
        .values({
          org_id: values.orgId,
          dashboard_id: values.dashboardId,
          panel_id: values.panelId,
          source: values.source,
          link_id: values.linkId,
          format: values.format,
          recipients: JSON.stringify(values.recipients),
          created_by: values.createdBy,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return { id: row.id, createdAt: new Date(row.created_at) };
    });
  }

  /**
   * Records the stored file and answers when (the database's clock: its link expires, and the sweep
   * deletes it, a fixed time after). From here on the report's render token opens nothing.
   */
  async markReady(
    orgId: string,
    id: string,
    file: { blobKey: string; size: number; sha256: string },
  ): Promise<Date> {
    const row = await this.db
      .updateTable('dashboard_reports')
      .set({
        status: 'ready',
        blob_key: file.blobKey,
        size: file.size,
        sha256: file.sha256,
        finished_at: sql<Date>`now()`,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('finished_at')
      .executeTakeFirstOrThrow();
    return new Date(row.finished_at ?? Date.now());
  }

  /** Records that drawing failed (the row still counts towards the throttle). */
  async markFailed(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('dashboard_reports')
      .set({ status: 'failed', finished_at: sql<Date>`now()` })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .execute();
  }

  /** A report while it renders, whatever its organization: the render token knows only its id. */
  findRendering(id: string) {
    return this.db
      .selectFrom('dashboard_reports')
      .select(['id', 'org_id', 'dashboard_id', 'source', 'link_id', 'created_at'])
      .where('id', '=', id)
      .where('status', '=', 'rendering')
      .executeTakeFirst();
  }

  /** A finished report and its dashboard's name, for the signed download (the link is the authorization). */
  findForDownload(id: string) {
    return this.db
      .selectFrom('dashboard_reports as r')
      .innerJoin('dashboards as d', 'd.id', 'r.dashboard_id')
      .leftJoin('dashboard_panels as p', 'p.id', 'r.panel_id')
      .select([
        'r.id',
        'r.status',
        'r.format',
        'r.blob_key',
        'r.size',
        'r.created_at',
        'd.name as dashboard_name',
        'p.name as panel_name',
      ])
      .where('r.id', '=', id)
      .where('r.status', 'in', ['ready', 'expired'])
      .executeTakeFirst();
  }

  /** Ready reports (of every organization) stored at or before `storedBefore`: their links have expired. */
  expiredReady(storedBefore: Date, limit: number): Promise<SweptReport[]> {
    return this.oldest('ready', 'finished_at', storedBefore, limit);
  }

  /** Reports still 'rendering' since before `startedBefore`: their render crashed with the process. */
  abandonedRenders(startedBefore: Date, limit: number): Promise<SweptReport[]> {
    return this.oldest('rendering', 'created_at', startedBefore, limit);
  }

  /**
   * Marks ready reports expired once their files are deleted; the row stays, so a late click on the
   * mailed link is told the report expired rather than that the link is wrong. Answers the ids it changed.
   */
  markExpired(ids: readonly string[]): Promise<string[]> {
    return this.moveOn(ids, 'ready', { status: 'expired' });
  }

  /** Marks abandoned renders failed; answers the ids it changed. */
  markAbandoned(ids: readonly string[]): Promise<string[]> {
    return this.moveOn(ids, 'rendering', { status: 'failed', finished_at: sql<Date>`now()` });
  }

  /** Reports of every organization in `status` whose `since` is at or before `before`, oldest first. */
  private oldest(
    status: 'ready' | 'rendering',
    since: 'finished_at' | 'created_at',
    before: Date,
    limit: number,
  ): Promise<SweptReport[]> {
    return this.db
      .selectFrom('dashboard_reports')
      .select(['id', 'org_id', 'format', 'blob_key'])
      .where('status', '=', status)
      .where(since, '<=', before)
      .orderBy(since)
      .limit(limit)
      .execute();
  }

  /** Sets `values` on those of `ids` still in `from` (RETURNING: PGlite reports no row counts). */
  private async moveOn(
    ids: readonly string[],
    from: 'ready' | 'rendering',
    values: { status: 'expired' | 'failed'; finished_at?: RawBuilder<Date> },
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('dashboard_reports')
      .set(values)
      .where('id', 'in', ids)
      .where('status', '=', from)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
