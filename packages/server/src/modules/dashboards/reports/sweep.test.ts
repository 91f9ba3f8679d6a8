/**
 * The report sweep: files of reports whose links expired are deleted and their downloads answer 410;
 * fresh reports are left alone; renders a crash left behind are ended. No Chromium needed: the report
 * rows and files are made the way the service leaves them.
 */
import { DASHBOARD_REPORT_LINK_TTL_SECONDS, dashboardReportDownloadPath } from '@ferrite/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from '../../../platform/storage/blobStore';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { createDashboard, createPanel, demoDashAdmin } from '../testSupport';
import { ReportRepository, reportBlobKey } from './repository';
import { reportSweepJob, sweepReports } from './sweep';

const TTL_MS = DASHBOARD_REPORT_LINK_TTL_SECONDS * 1000;
const DAY = 24 * 3600_000;

let platform: TestPlatform;
let orgId: string;
let dashboardId: string;
let panelId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoDashAdmin(platform);
  orgId = admin.orgId;
  dashboardId = (await createDashboard(admin.dash, { name: 'Sweep' })).id;
  panelId = (await createPanel(admin.dash, dashboardId)).id;
});
afterAll(() => platform?.close());

/** A report stored `ageMs` ago, as the service leaves it: the file, the ready row, the signed link. */
async function storedReport(ageMs: number) {
  const repo = new ReportRepository(platform.deps.db);
  const { id } = await repo.reserve({
    orgId,
    dashboardId,
    panelId,
    source: 'member',
    linkId: null,
    format: 'pdf',
    recipients: [],
    createdBy: null,
  });
  const blobKey = reportBlobKey({ orgId, id, format: 'pdf' });
  const stored = await platform.deps.blobs.put(blobKey, Buffer.from('%PDF-1.4 test report'));
  await repo.markReady(orgId, id, { blobKey, ...stored });
  const storedAt = new Date(Date.now() - ageMs);
  await sql`update dashboard_reports set finished_at = ${storedAt.toISOString()}::timestamptz,
    created_at = ${storedAt.toISOString()}::timestamptz where id = ${id} returning id`.execute(
    platform.deps.db,
  );
  const url = platform.deps.blobs.signedPath(blobKey, DASHBOARD_REPORT_LINK_TTL_SECONDS, {
    routePath: dashboardReportDownloadPath(id),
    now: storedAt,
  });
  return { id, blobKey, url };
}

/** A render that never finished: the row stays 'rendering'; it may have stored its file already. */
async function abandonedRender(ageMs: number) {
  const { id } = await new ReportRepository(platform.deps.db).reserve({
    orgId,
    dashboardId,
    panelId,
    source: 'member',
    linkId: null,
    format: 'png',
    recipients: [],
    createdBy: null,
  });
  const blobKey = reportBlobKey({ orgId, id, format: 'png' });
  await platform.deps.blobs.put(blobKey, Buffer.from('half a picture'));
  const startedAt = new Date(Date.now() - ageMs).toISOString();
  await sql`update dashboard_reports set created_at = ${startedAt}::timestamptz where id = ${id} returning id`.execute(
    platform.deps.db,
  );
  return { id, blobKey };
}

async function fileExists(key: string): Promise<boolean> {
  try {
    (await platform.deps.blobs.openRead(key)).destroy();
    return true;
  } catch (error) {
    if (error instanceof BlobNotFoundError) return false;
    throw error;
  }
}

const statusOf = async (id: string) =>
  (
    await platform.deps.db
      .selectFrom('dashboard_reports')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('the report sweep', () => {
  it("deletes an expired report's file; its link then answers 410 with a message", async () => {
    const old = await storedReport(TTL_MS + 60_000);
    const fresh = await storedReport(DAY);
    expect((await platform.app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);

    const ended = await sweepReports(platform.deps);
    expect(ended.expired).toContain(old.id);
    expect(ended.expired).not.toContain(fresh.id);

    expect(await fileExists(old.blobKey)).toBe(false);
    expect(await statusOf(old.id)).toBe('expired');
    const gone = await platform.app.inject({ method: 'GET', url: old.url });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      status: 410,
      detail: 'This report has expired and its file was deleted. Ask for a new report.',
    });
    // A forged link to the expired report still reads as a bad link, not as its fate.
    const forged = old.url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await platform.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    // The fresh one is untouched, and a second sweep finds nothing more to do with the first.
    expect(await fileExists(fresh.blobKey)).toBe(true);
    const download = await platform.app.inject({ method: 'GET', url: fresh.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 test report');
    expect((await sweepReports(platform.deps)).expired).not.toContain(old.id);
  });

  it('expires a report exactly when its link does, by the time given', async () => {
    const report = await storedReport(DAY);
    const justBefore = new Date(Date.now() + TTL_MS - DAY - 60_000);
    expect((await sweepReports(platform.deps, justBefore)).expired).not.toContain(report.id);
    const justAfter = new Date(Date.now() + TTL_MS - DAY + 60_000);
    expect((await sweepReports(platform.deps, justAfter)).expired).toContain(report.id);
    expect(await fileExists(report.blobKey)).toBe(false);
  });

  it('ends renders a crash left behind, deleting what they stored, but not one under way', async () => {
    const crashed = await abandonedRender(2 * 3600_000);
    const running = await abandonedRender(30_000);
    const ended = await sweepReports(platform.deps);
    expect(ended.abandoned).toContain(crashed.id);
    expect(ended.abandoned).not.toContain(running.id);
    expect(await statusOf(crashed.id)).toBe('failed');
    expect(await fileExists(crashed.blobKey)).toBe(false);
    expect(await statusOf(running.id)).toBe('rendering');
    expect(await fileExists(running.blobKey)).toBe(true);
  });

  it('keeps a row whose file could not be deleted, for the next sweep', async () => {
    const report = await storedReport(TTL_MS + 60_000);
    const failing = Object.create(platform.deps.blobs) as typeof platform.deps.blobs;
    failing.delete = async () => {
      throw new Error('disk is read-only');
    };
    const ended = await sweepReports({ db: platform.deps.db, blobs: failing });
    expect(ended.expired).not.toContain(report.id);
    expect(await statusOf(report.id)).toBe('ready');
    expect((await sweepReports(platform.deps)).expired).toContain(report.id);
  });

  it('runs as a job every five minutes that ends the reports due when it runs', async () => {
    const job = reportSweepJob({ ...platform.deps, log: pino({ level: 'silent' }) });
    expect(job).toMatchObject({ name: 'dashboards.reportFiles', cron: '*/5 * * * *' });
    expect(job.retry?.limit).toBeGreaterThan(0);
    const due = await storedReport(TTL_MS + 60_000);
    const fresh = await storedReport(TTL_MS - 60_000);
    await job.run({}, { id: 'tick', retryCount: 0 });
    expect(await statusOf(due.id)).toBe('expired');
    expect(await statusOf(fresh.id)).toBe('ready');
  });
});
