/**
 * Dashboard reports (spec §7: POST /dash_mgmt/orgs/{orgId}/dashboards/{id}/reports for members, POST
 * /dash_mgmt/dashboards/{uuid}/reports for holders of a shared link; the spec shows neither body nor
 * answer). "Send me this dashboard as a report": the server draws one panel of the dashboard as the web
 * app shows it, as a PDF or a PNG, keeps the file and answers a signed download link that expires; the
 * people named in `recipients` are mailed that link.
 */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { isCleanText } from '../text';
import { emailSchema } from '../validation';
import {
  DASHBOARD_REPORT_FUTURE_SLACK_MS,
  DASHBOARD_REPORT_RANGES,
  type DashboardReportRange,
  reportWindowTooLong,
} from './reportWindow';

/** The file kinds a report comes as. */
export const DASHBOARD_REPORT_FORMATS = ['pdf', 'png'] as const;
export type DashboardReportFormat = (typeof DASHBOARD_REPORT_FORMATS)[number];

/** At most this many people are mailed one report. */
export const DASHBOARD_REPORT_MAX_RECIPIENTS = 20;
/** Reports an organization may make per minute (links and members together) before 429. */
export const DASHBOARD_REPORTS_PER_MINUTE = 10;
/** How long a report's download link works: long enough for a mailed link to be opened. */
export const DASHBOARD_REPORT_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The longest note a report's mail carries. */
export const DASHBOARD_REPORT_MESSAGE_MAX = 1000;

/** Wording of the report calls that the web shows as it is. */
export const DASHBOARD_REPORT_MESSAGES = {
  rendererUnavailable:
    'Reports cannot be made right now: the report renderer (headless Chromium) is not available on this server',
  rendererBusy: 'The report renderer is busy. Try again in a minute.',
  renderFailed: 'The dashboard could not be drawn for the report. Try again in a minute.',
  tooMany: `An organization can make at most ${DASHBOARD_REPORTS_PER_MINUTE} reports a minute. Try again shortly.`,
  noPanels: 'This dashboard has no panels to report',
  linkInvalid: 'This download link is invalid or has expired',
  /** 410 from a signed link whose report has expired (its file is deleted by the report sweep). */
  reportExpired: 'This report has expired and its file was deleted. Ask for a new report.',
  // The window's checks, worded like the spec's form hints ('Please enter key', 'Email must be valid').
  fromRequired: 'Please enter From date',
  toRequired: 'Please enter To date',
  fromAfterTo: 'From date must be before To date',
  fromInFuture: 'From date cannot be in the future',
  toInFuture: 'To date cannot be in the future',
  windowTooLong: 'The report window can be at most one year',
  datesWithPreset: 'From and To dates go with a custom window only',
  messageTooLong: `Message can be at most ${DASHBOARD_REPORT_MESSAGE_MAX} characters`,
} as const;

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` });

type WindowFields = {
  range?: DashboardReportRange | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
};

/** The window's rules, each issue on the field to fix (checked against the server's clock). */
function checkWindow(body: WindowFields, ctx: z.RefinementCtx): void {
  const issue = (field: keyof WindowFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message });
  const M = DASHBOARD_REPORT_MESSAGES;
  if (body.range && body.range !== 'custom') {
    if (body.from_date) issue('from_date', M.datesWithPreset);
    if (body.to_date) issue('to_date', M.datesWithPreset);
    return;
  }
  if (body.range === 'custom') {
    if (!body.from_date) issue('from_date', M.fromRequired);
    if (!body.to_date) issue('to_date', M.toRequired);
  }
  const latest = Date.now() + DASHBOARD_REPORT_FUTURE_SLACK_MS;
  const from = body.from_date ? new Date(body.from_date) : null;
  const to = body.to_date ? new Date(body.to_date) : null;
  if (from && from.getTime() > latest) issue('from_date', M.fromInFuture);
  if (to && to.getTime() > latest) issue('to_date', M.toInFuture);
  if (from && to && from >= to) issue('to_date', M.fromAfterTo);
  else if (from && reportWindowTooLong(from, to ?? new Date()))
    issue(to ? 'to_date' : 'from_date', M.windowTooLong);
}

/**
 * The body of both report calls. `panel_id` defaults to the dashboard's first panel. The data window is
 * `range`: a preset ending now, or 'custom' with `from_date` and `to_date` (at most a year, not in the
 * future); `from_date`/`to_date` without a range are a custom window too (either alone: the window ends
 * now, or each widget keeps its own length before to_date). Without any, each widget reads its own query,
 * as on screen. `message` is put in the mail above the download link.
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
    message: z
      .string({ error: 'message must be text' })
      .trim()
      .max(DASHBOARD_REPORT_MESSAGE_MAX, { error: DASHBOARD_REPORT_MESSAGES.messageTooLong })
      .refine((text) => isCleanText(text, true), { error: 'message must not contain control characters' })
      .default(''),
    range: z
      .enum(DASHBOARD_REPORT_RANGES, { error: `range must be one of ${DASHBOARD_REPORT_RANGES.join(', ')}` })
      .optional(),
    from_date: instant('from_date').optional(),
    to_date: instant('to_date').optional(),
  })
  .strict()
  .superRefine(checkWindow);
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
  /** The data window every widget was read over (null: each widget's own, as on screen; from_date null: each widget's own length before to_date). */
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
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
