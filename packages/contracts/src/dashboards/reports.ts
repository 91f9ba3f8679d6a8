/**
 * Dashboard reports (spec §7: POST /dash_mgmt/orgs/{orgId}/dashboards/{id}/reports for members, POST
 * /dash_mgmt/dashboards/{uuid}/reports for holders of a shared link; the spec shows neither body nor
 * answer). "Send me this dashboard as a report": the server draws one panel of the dashboard as the web
 * app shows it, as a PDF or a PNG, keeps the file and answers a signed download link that expires; the
 * people named in `recipients` are mailed that link.
 */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { emailSchema } from '../validation';

/** The file kinds a report comes as. */
export const DASHBOARD_REPORT_FORMATS = ['pdf', 'png'] as const;
export type DashboardReportFormat = (typeof DASHBOARD_REPORT_FORMATS)[number];

/** At most this many people are mailed one report. */
export const DASHBOARD_REPORT_MAX_RECIPIENTS = 20;
/** Reports an organization may make per minute (links and members together) before 429. */
export const DASHBOARD_REPORTS_PER_MINUTE = 10;
/** How long a report's download link works: long enough for a mailed link to be opened. */
export const DASHBOARD_REPORT_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Wording of the report calls that the web shows as it is. */
export const DASHBOARD_REPORT_MESSAGES = {
  rendererUnavailable:
    'Reports cannot be made right now: the report renderer (headless Chromium) is not available on this server',
  rendererBusy: 'The report renderer is busy. Try again in a minute.',
  renderFailed: 'The dashboard could not be drawn for the report. Try again in a minute.',
  tooMany: `An organization can make at most ${DASHBOARD_REPORTS_PER_MINUTE} reports a minute. Try again shortly.`,
  noPanels: 'This dashboard has no panels to report',
  linkInvalid: 'This download link is invalid or has expired',
} as const;

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` });

/**
 * The body of both report calls. `panel_id` defaults to the dashboard's first panel. `from_date` and
 * `to_date` set one time window for every widget (either alone: the window ends now, or starts the
 * widget's own range before to_date); without them each widget reads its own query, as on screen.
 */
export const dashboardReportBodySchema = z
  .object({
    format: z.enum(DASHBOARD_REPORT_FORMATS, { error: "format must be 'pdf' or 'png'" }),
    panel_id: uuidParam('panel_id').optional(),
    recipients: z
      .array(emailSchema)
      .max(DASHBOARD_REPORT_MAX_RECIPIENTS, {
        error: `Send a report to at most ${DASHBOARD_REPORT_MAX_RECIPIENTS} people`,
      })
      .default([])
      .transform((emails) => [...new Set(emails)]),
    /** A note put at the top of the mail. */
    message: z.string().trim().max(1000).default(''),
    from_date: instant('from_date').optional(),
    to_date: instant('to_date').optional(),
  })
  .strict()
  .refine((b) => !b.from_date || !b.to_date || Date.parse(b.from_date) < Date.parse(b.to_date), {
    path: ['to_date'],
    error: 'to_date must be after from_date',
  })
  .refine((b) => !b.from_date || Date.parse(b.from_date) < Date.now(), {
    path: ['from_date'],
    error: 'from_date must be in the past',
  });
export type DashboardReportBody = z.input<typeof dashboardReportBodySchema>;

/** A report made: its file and the signed link to it. */
export const dashboardReportSchema = z.object({
  id: z.string().uuid(),
  dashboard_id: z.string().uuid(),
  panel_id: z.string().uuid(),
  format: z.enum(DASHBOARD_REPORT_FORMATS),
  /** The suggested file name. */
  filename: z.string(),
  /** The signed download link; anyone holding it can download the file until expires_at. */
  url: z.string(),
  expires_at: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** The people the link was mailed to (de-duplicated, lower case). */
  recipients: z.array(z.string()),
  created_at: z.string(),
});
export type DashboardReport = z.infer<typeof dashboardReportSchema>;

/** {uuid} of the shared link whose holder asks for a report. */
export const sharedReportParamsSchema = z.object({ uuid: uuidParam('uuid') });

/** {id} of a report, on its signed download route. */
export const dashboardReportDownloadParamsSchema = z.object({ id: uuidParam('id') });
/** The signature a download link carries. */
export const dashboardReportDownloadQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/** The web path that downloads a report (the server adds the signature). */
export function dashboardReportDownloadPath(id: string): string {
  return `/api/dash_mgmt/reports/${id}/download`;
}
