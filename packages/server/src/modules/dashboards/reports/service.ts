/**
 * "Send me this dashboard as a report": check the panel, reserve the report under the organization's
 * throttle, have Chromium draw the panel through the shared view with a render token, keep the file in
 * the blob store, answer a signed download link and mail it to the recipients.
 */
import {
  type BrandSet,
  DASHBOARD_REPORT_LINK_TTL_SECONDS,
  DASHBOARD_REPORT_MESSAGES,
  DASHBOARD_REPORT_RANGE_LABELS,
  type DashboardReport,
  type dashboardReportBodySchema,
  dashboardReportDownloadPath,
  type ReportWindow,
  resolveReportWindow,
  waitWords,
} from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { unprocessable } from '../../../platform/http/problem';
import { iso } from '../../../platform/isoTime';
import type { Mailer } from '../../../platform/mail/mailer';
import { type MailQuota, takeMailQuota } from '../../../platform/mail/mailThrottle';
import type { JwtService } from '../../../platform/security/jwt';
import { absoluteLink, type BlobStore } from '../../../platform/storage/blobStore';
import { mustFindDashboard } from '../load';
import { OrganizationRepository } from '../organizationRepository';
import { PanelRepository } from '../panels/repository';
import { type Actor, type DB, HttpProblem } from '../shared';
import type { ShareScope } from '../sharing/shareAccess';
import { signRenderToken } from './renderAccess';
import { RendererBusyError, RendererUnavailableError, type RenderJob, type ReportRenderer } from './renderer';
import { type ReportRepository, reportBlobKey } from './repository';

export type ReportInput = z.output<typeof dashboardReportBodySchema>;

/** Who asks: a member of the organization, or the holder of one of its shared links. */
export type ReportRequester =
  | { kind: 'member'; actor: Actor }
  | { kind: 'link'; scope: ShareScope /** The holder's client address. */; address: string };

/**
 * Report mail a shared link's holder may have sent, per hour: anyone with the link (and its password)
 * can ask, so each recipient and each address get a quota and a link cannot flood an inbox. Five reports
 * to one person, or five to a full list of twenty, is more than a viewer sends in an hour.
 */
export const SHARED_REPORT_MAIL_QUOTA: MailQuota = {
  kind: 'shared-report',
  perRecipient: 5,
  perAddress: 100,
  windowSeconds: 60 * 60,
  waitMessage: (seconds) => `Too many reports mailed from shared links. Try again in ${waitWords(seconds)}.`,
};

/** Where the request came from: how Chromium reaches this server and which host's brand to draw. */
export interface ReportOrigin {
  /** This server's own address (null when it is not listening, e.g. in-process tests). */
  origin: string | null;
  brandHost: string | null;
  brand: BrandSet;
}

const unavailable = (detail: string = DASHBOARD_REPORT_MESSAGES.rendererUnavailable) =>
  new HttpProblem(503, 'Reports unavailable', detail);

/** Makes dashboard reports. */
export class ReportService {
  constructor(
    private readonly deps: {
      reports: ReportRepository;
      /** The mail throttle's connection (platform/mail/mailThrottle.ts takes it). */
      db: DB;
      jwt: JwtService;
      blobs: BlobStore;
      mailer: Mailer;
      renderer: ReportRenderer;
      publicUrl: string;
      log: Logger;
    },
  ) {}

  /** Draws one panel of the dashboard, stores it, mails the link; answers the report (201). */
  async create(
    requester: ReportRequester,
    dashboardId: string,
    body: ReportInput,
    from: ReportOrigin,
  ): Promise<DashboardReport> {
    const { reports: repo } = this.deps;
    const orgId = requester.kind === 'member' ? requester.actor.orgId : requester.scope.orgId;
    const dashboard = await mustFindDashboard(repo, orgId, dashboardId);
    const panels = await repo.sibling(PanelRepository).panelsOf(orgId, dashboardId);
    const panelIndex = body.panel_id ? panels.findIndex((p) => p.id === body.panel_id) : 0;
    const panel = panels[panelIndex];
    if (!panel) {
      throw unprocessable([
        {
          path: 'body.panel_id',
          message: body.panel_id
            ? 'No panel with this id in this dashboard'
            : DASHBOARD_REPORT_MESSAGES.noPanels,
        },
      ]);
    }
    // Checked before the throttle counts the report: a server without Chromium refuses at once.
    if (!from.origin || !(await this.deps.renderer.available())) throw unavailable();

    // Resolved once, before the render: a preset covers the hour before the call, not before the draw.
    const window = resolveReportWindow(body);
    // Before the report is reserved, so a refused request leaves nothing behind; members answer for
    // what they send and are not counted.
    if (requester.kind === 'link' && body.recipients.length > 0) {
      await takeMailQuota(this.deps.db, SHARED_REPORT_MAIL_QUOTA, requester.address, body.recipients);
    }
    const reserved = await repo.reserve({
      orgId,
      dashboardId,
      panelId: panel.id,
      source: requester.kind,
      linkId: requester.kind === 'link' ? requester.scope.uuid : null,
      format: body.format,
      recipients: body.recipients,
      createdBy: requester.kind === 'member' ? requester.actor.userId : null,
    });
    const file = await this.draw(
      repo,
      { id: reserved.id, orgId, dashboardId },
      { dashboard: dashboard.name, panel: panel.name, index: panelIndex },
      { format: body.format, window },
      from,
    );

    // Counted from when the file was stored, as the report sweep counts: the link and the file end together.
    const link = this.deps.blobs.signedPath(file.blobKey, DASHBOARD_REPORT_LINK_TTL_SECONDS, {
      routePath: dashboardReportDownloadPath(reserved.id),
      now: file.storedAt,
    });
    const url = absoluteLink(this.deps.publicUrl, link);
    const expiresAt = new Date(
      Math.floor(file.storedAt.getTime() / 1000) * 1000 + DASHBOARD_REPORT_LINK_TTL_SECONDS * 1000,
    );
    const filename = reportFilename(dashboard.name, panel.name, body.format, reserved.createdAt);

    await repo.recordActivity({
      orgId,
      actorId: requester.kind === 'member' ? requester.actor.userId : null,
      app: 'dashboards',
      entityType: 'dashboard',
      entityId: dashboardId,
      action: 'reported',
      summary: `${requester.kind === 'member' ? 'Made' : 'A link holder made'} a ${body.format.toUpperCase()} report of dashboard "${dashboard.name}"${body.recipients.length ? ` for ${body.recipients.join(', ')}` : ''}`,
    });
    await this.mail(requester, body, from.brand, {
      window,
      orgId,
      dashboardName: dashboard.name,
      panelName: panel.name,
      url,
      expiresAt,
      size: file.size,
    });
    return {
      id: reserved.id,
      dashboard_id: dashboardId,
      panel_id: panel.id,
      format: body.format,
      filename,
      url,
      expires_at: expiresAt.toISOString(),
      from_date: window?.from_date ?? null,
      to_date: window?.to_date ?? null,
      size: file.size,
      recipients: body.recipients,
      created_at: iso(reserved.createdAt),
    };
  }

  /** Renders and stores the file; a failure marks the report failed and answers 503. */
  private async draw(
    repo: ReportRepository,
    report: { id: string; orgId: string; dashboardId: string },
    names: { dashboard: string; panel: string; index: number },
    what: { format: ReportInput['format']; window: ReportWindow | null },
    from: ReportOrigin,
  ): Promise<{ blobKey: string; size: number; storedAt: Date }> {
    try {
      const { token, expiresAt } = await signRenderToken(this.deps.jwt, report);
      const job: RenderJob = {
        origin: from.origin as string,
        brandHost: from.brandHost,
        // The render token's shared view is addressed by the report's id (see renderAccess.ts); the
        // window rides in the query string, and the view reads every widget over it.
        path: `/dashboards/${report.id}${what.window ? `?${new URLSearchParams({ ...what.window })}` : ''}`,
        storage: {
          key: `ferrite-share:${report.id}`,
          value: JSON.stringify({ token, expires_at: expiresAt.toISOString() }),
        },
        title: `${names.dashboard} - ${names.panel}`,
        panelIndex: names.index,
        format: what.format,
      };
      const bytes = await this.deps.renderer.render(job);
      const blobKey = reportBlobKey({ ...report, format: what.format });
      const stored = await this.deps.blobs.put(blobKey, bytes);
      const storedAt = await repo.markReady(report.orgId, report.id, { blobKey, ...stored });
      return { blobKey, size: stored.size, storedAt };
    } catch (error) {
      await repo.markFailed(report.orgId, report.id);
      if (error instanceof RendererUnavailableError) throw unavailable();
      if (error instanceof RendererBusyError) {
        throw new HttpProblem(503, 'Reports busy', DASHBOARD_REPORT_MESSAGES.rendererBusy, undefined, {
          'retry-after': '30',
        });
      }
      this.deps.log.warn({ err: error, reportId: report.id }, 'dashboard report not made');
      throw unavailable(DASHBOARD_REPORT_MESSAGES.renderFailed);
    }
  }

  /** Mails the link to each recipient; a failed delivery is logged (the outbox keeps the message). */
  private async mail(
    requester: ReportRequester,
    body: ReportInput,
    brand: BrandSet,
    report: {
      window: ReportWindow | null;
      orgId: string;
      dashboardName: string;
      panelName: string;
      url: string;
      expiresAt: Date;
      size: number;
    },
  ): Promise<void> {
    if (body.recipients.length === 0) return;
    const sender = await this.senderName(requester);
    const orgName = await this.deps.reports.sibling(OrganizationRepository).orgName(report.orgId);
    const window = windowText(body.range, report.window);
    // The sender's note comes before the link, so it is read before the file is opened.
    const note = body.message ? `\n\n${sender} wrote:\n${body.message}` : '';
    const kind = body.format.toUpperCase();
    for (const to of body.recipients) {
      try {
        await this.deps.mailer.send({
          to,
          brand,
          orgId: report.orgId,
          subject: `Dashboard report: ${report.dashboardName}`,
          text: `Hello,\n\n${sender} sent you a ${kind} report of the dashboard "${report.dashboardName}" (panel "${report.panelName}") of ${orgName ?? 'an organization'} on ${brand.name}${window}.${note}\n\nDownload it (${formatSize(report.size)}): ${report.url}\n\nThe link works until ${report.expiresAt.toUTCString()}.`,
        });
      } catch (error) {
        this.deps.log.error({ err: error, to }, 'dashboard report mail could not be sent');
      }
    }
  }

  private async senderName(requester: ReportRequester): Promise<string> {
    if (requester.kind === 'link') return 'Someone viewing a shared link';
    const me = await this.deps.reports.sibling(OrganizationRepository).userName(requester.actor.userId);
    return me || 'A colleague';
  }
}

/** "Plant overview - Main - 2026-11-21.pdf", with only safe characters. */
export function reportFilename(dashboard: string, panel: string, format: string, at: Date): string {
  const safe = (text: string) =>
    text
      .replace(/[^\w .()-]+/g, '')
      .trim()
      .slice(0, 60) || 'dashboard';
  return `${safe(dashboard)} - ${safe(panel)} - ${at.toISOString().slice(0, 10)}.${format}`;
}

/** " covering the last 24 hours (…)" or " covering 2026-05-01 10:00 to … UTC"; empty without a window. */
function windowText(range: ReportInput['range'], window: ReportWindow | null): string {
  if (!window) return '';
  const utc = (at: string) => `${at.slice(0, 10)} ${at.slice(11, 16)}`;
  const span = window.from_date
    ? `${utc(window.from_date)} to ${utc(window.to_date)} UTC`
    : `each widget's own period up to ${utc(window.to_date)} UTC`;
  return range && range !== 'custom'
    ? `, covering the ${DASHBOARD_REPORT_RANGE_LABELS[range].toLowerCase()} (${span})`
    : `, covering ${span}`;
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;
}
