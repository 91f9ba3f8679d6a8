/**
 * The data window of a dashboard report: one stretch of time every widget of the report reads, either a
 * preset that ends when the report is made (last hour, 24 hours, 7 days, 30 days) or a custom From–To.
 * The server checks it and opens the shared view with it as `?from_date=…&to_date=…`; the view reads
 * each widget over it with `windowedWidgetQuery`.
 */
import type { TELEMETRY_INTERVAL_TYPES } from '../telemetry';
import { TELEMETRY_MAX_POINTS } from '../telemetry';
import type { WidgetDataQuery } from './widgetInstances';

/** The windows the report dialog offers; `custom` names its own from_date and to_date. */
export const DASHBOARD_REPORT_RANGES = [
  'last_hour',
  'last_24_hours',
  'last_7_days',
  'last_30_days',
  'custom',
] as const;
export type DashboardReportRange = (typeof DASHBOARD_REPORT_RANGES)[number];
export type DashboardReportPreset = Exclude<DashboardReportRange, 'custom'>;

/** How far back each preset reaches. */
export const DASHBOARD_REPORT_PRESET_MS: Record<DashboardReportPreset, number> = {
  last_hour: 3_600_000,
  last_24_hours: 24 * 3_600_000,
  last_7_days: 7 * 86_400_000,
  last_30_days: 30 * 86_400_000,
};

/** How the dialog and the mail name each window. */
export const DASHBOARD_REPORT_RANGE_LABELS: Record<DashboardReportRange, string> = {
  last_hour: 'Last hour',
  last_24_hours: 'Last 24 hours',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  custom: 'Custom',
};

/** A date this little ahead of the server's clock still counts as now (clocks of browsers drift). */
export const DASHBOARD_REPORT_FUTURE_SLACK_MS = 60_000;

/** The longest window a report reads: one calendar year from its start. */
export function reportWindowTooLong(from: Date, to: Date): boolean {
  const limit = new Date(from.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return to.getTime() > limit.getTime();
}

/** The report window as the view reads it: to_date always, from_date unless each widget keeps its own length. */
export interface ReportWindow {
  from_date?: string;
  to_date: string;
}

/**
 * The window a (validated) report body names, resolved at `now`: a preset ends now; a from_date alone
 * ends now; a to_date alone keeps each widget's own length before it; nothing means no window (each
 * widget reads as on screen).
 */
export function resolveReportWindow(
  body: {
    range?: DashboardReportRange | undefined;
    from_date?: string | undefined;
    to_date?: string | undefined;
  },
  now: Date = new Date(),
): ReportWindow | null {
  if (body.range && body.range !== 'custom') {
    const from = new Date(now.getTime() - DASHBOARD_REPORT_PRESET_MS[body.range]);
    return { from_date: from.toISOString(), to_date: now.toISOString() };
  }
  if (!body.from_date && !body.to_date) return null;
  const to = body.to_date ? new Date(body.to_date) : now;
  return {
    ...(body.from_date ? { from_date: new Date(body.from_date).toISOString() } : {}),
    to_date: to.toISOString(),
  };
}

/** Reads a window from a view's query string; anything malformed or empty means no window. */
export function reportWindowFromSearch(search: URLSearchParams): ReportWindow | null {
  const to = search.get('to_date');
  const from = search.get('from_date');
  const toMs = to ? Date.parse(to) : Number.NaN;
  if (Number.isNaN(toMs)) return null;
  const fromMs = from ? Date.parse(from) : Number.NaN;
  if (from && (Number.isNaN(fromMs) || fromMs >= toMs)) return null;
  return {
    ...(from ? { from_date: new Date(fromMs).toISOString() } : {}),
    to_date: new Date(toMs).toISOString(),
  };
}

type IntervalType = (typeof TELEMETRY_INTERVAL_TYPES)[number];
const UNIT_MS: Record<IntervalType, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  // Months vary; the shortest one keeps the estimate on the safe side.
  month: 28 * 86_400_000,
};

/** Bucket sizes a windowed read may widen to, finest first. */
const INTERVAL_LADDER: readonly [number, IntervalType][] = [
  [1, 'second'],
  [5, 'second'],
  [15, 'second'],
  [30, 'second'],
  [1, 'minute'],
  [5, 'minute'],
  [15, 'minute'],
  [30, 'minute'],
  [1, 'hour'],
  [3, 'hour'],
  [6, 'hour'],
  [12, 'hour'],
  [1, 'day'],
  [1, 'week'],
];

/**
 * How many points a widget that reads raw values draws over a report window: enough for a smooth line
 * on a page, few enough that a year of per-second data still answers quickly.
 */
export const REPORT_RAW_WIDGET_POINTS = 1_000;

function bucketsIn(spanMs: number, interval: number, type: IntervalType): number {
  return Math.ceil(spanMs / (interval * UNIT_MS[type])) + 1;
}

/** The finest ladder step that keeps the window within `limit` buckets (a week at worst). */
function intervalFor(
  spanMs: number,
  limit: number,
): { group_interval: number; group_interval_type: IntervalType } {
  const [group_interval, group_interval_type] = INTERVAL_LADDER.find(
    ([interval, type]) => bucketsIn(spanMs, interval, type) <= limit,
  ) ?? [1, 'week'];
  return { group_interval, group_interval_type };
}

/**
 * A widget's read query moved onto the report window. Why not just swap the dates: a widget that reads
 * "the last N raw points" would read the window's first 10,000 raw points (the server's cap), so it reads
 * buckets instead, sized to about REPORT_RAW_WIDGET_POINTS; an aggregating widget keeps its bucket size
 * unless the window would hold more buckets than the server answers, and then takes the finest that fits.
 * A window without from_date keeps the widget's own length, ending at to_date.
 */
export function windowedWidgetQuery(query: WidgetDataQuery, window: ReportWindow): WidgetDataQuery {
  const to = Date.parse(window.to_date);
  const ownSpan =
    query.from_date && query.to_date ? Date.parse(query.to_date) - Date.parse(query.from_date) : 86_400_000;
  const from = window.from_date ? Date.parse(window.from_date) : to - ownSpan;
  const span = Math.max(1, to - from);
  const { last: _last, ...rest } = query;
  const windowed: WidgetDataQuery = {
    ...rest,
    from_date: new Date(from).toISOString(),
    to_date: new Date(to).toISOString(),
  };
  if (query.type === 'raw' || query.last !== undefined) {
    return { ...windowed, type: 'aggregate', ...intervalFor(span, REPORT_RAW_WIDGET_POINTS) };
  }
  const interval = query.group_interval ?? 1;
  const type = query.group_interval_type ?? 'hour';
  if (bucketsIn(span, interval, type) <= TELEMETRY_MAX_POINTS) return windowed;
  return { ...windowed, ...intervalFor(span, TELEMETRY_MAX_POINTS) };
}
