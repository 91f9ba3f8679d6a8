import { describe, expect, it } from 'vitest';
import { dashboardReportBodySchema } from './reports';
import {
  REPORT_RAW_WIDGET_POINTS,
  reportWindowFromSearch,
  resolveReportWindow,
  windowedWidgetQuery,
} from './reportWindow';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** The body's issues as {field: message}. */
function issues(body: object): Record<string, string> {
  const parsed = dashboardReportBodySchema.safeParse({ format: 'pdf', ...body });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the report window in the report body', () => {
  it('accepts each preset, a custom window, and no window at all', () => {
    for (const range of ['last_hour', 'last_24_hours', 'last_7_days', 'last_30_days'])
      expect(issues({ range }), range).toEqual({});
    const now = Date.now();
    expect(issues({ range: 'custom', from_date: iso(now - DAY), to_date: iso(now) })).toEqual({});
    expect(issues({})).toEqual({});
    // A browser clock a little ahead of the server's still counts as now.
    expect(issues({ range: 'custom', from_date: iso(now - DAY), to_date: iso(now + 30_000) })).toEqual({});
  });

  it('names each broken rule on the field to fix', () => {
    const now = Date.now();
    expect(issues({ range: 'custom' })).toEqual({
      from_date: 'Please enter From date',
      to_date: 'Please enter To date',
    });
    expect(issues({ range: 'custom', from_date: iso(now - HOUR), to_date: iso(now - DAY) })).toEqual({
      to_date: 'From date must be before To date',
    });
    expect(issues({ range: 'custom', from_date: iso(now + 5 * 60_000), to_date: iso(now + HOUR) })).toEqual({
      from_date: 'From date cannot be in the future',
      to_date: 'To date cannot be in the future',
    });
    expect(issues({ range: 'custom', from_date: iso(now - 400 * DAY), to_date: iso(now - DAY) })).toEqual({
      to_date: 'The report window can be at most one year',
    });
    expect(issues({ from_date: iso(now - 400 * DAY) })).toEqual({
      from_date: 'The report window can be at most one year',
    });
    expect(issues({ range: 'last_hour', from_date: iso(now - DAY) })).toEqual({
      from_date: 'From and To dates go with a custom window only',
    });
    expect(issues({ range: 'last_year' }).range).toMatch(/^range must be one of last_hour, /);
    expect(issues({ message: 'x'.repeat(1001) })).toEqual({
      message: 'Message can be at most 1000 characters',
    });
  });

  it('takes exactly one calendar year, leap day or not', () => {
    expect(issues({ from_date: '2024-02-29T00:00:00Z', to_date: '2025-03-01T00:00:00Z' })).toEqual({});
    expect(issues({ from_date: '2024-02-29T00:00:00Z', to_date: '2025-03-01T00:00:01Z' })).toEqual({
      to_date: 'The report window can be at most one year',
    });
  });
});

describe('resolving and reading the window', () => {
  const now = new Date('2026-05-01T10:00:00.000Z');

  it('ends a preset or a lone from_date now, and keeps a lone to_date for the widgets to fill', () => {
    expect(resolveReportWindow({ range: 'last_7_days' }, now)).toEqual({
      from_date: '2026-04-24T10:00:00.000Z',
      to_date: '2026-05-01T10:00:00.000Z',
    });
    expect(resolveReportWindow({ from_date: '2026-04-30T00:00:00+02:00' }, now)).toEqual({
      from_date: '2026-04-29T22:00:00.000Z',
      to_date: '2026-05-01T10:00:00.000Z',
    });
    expect(resolveReportWindow({ to_date: '2026-04-30T00:00:00Z' }, now)).toEqual({
      to_date: '2026-04-30T00:00:00.000Z',
    });
    expect(resolveReportWindow({}, now)).toBeNull();
  });

  it('reads the window back from a query string, ignoring a malformed one', () => {
    const window = { from_date: '2026-04-30T10:00:00.000Z', to_date: '2026-05-01T10:00:00.000Z' };
    expect(reportWindowFromSearch(new URLSearchParams(window))).toEqual(window);
    expect(reportWindowFromSearch(new URLSearchParams({ to_date: window.to_date }))).toEqual({
      to_date: window.to_date,
    });
    expect(reportWindowFromSearch(new URLSearchParams({ from_date: window.from_date }))).toBeNull();
    expect(
      reportWindowFromSearch(new URLSearchParams({ from_date: 'x', to_date: window.to_date })),
    ).toBeNull();
    expect(
      reportWindowFromSearch(new URLSearchParams({ from_date: window.to_date, to_date: window.from_date })),
    ).toBeNull();
    expect(reportWindowFromSearch(new URLSearchParams())).toBeNull();
  });

  it('moves a widget read onto the window, in buckets the server answers', () => {
    const window = { from_date: iso(now.getTime() - 30 * DAY), to_date: now.toISOString() };
    const hourly = {
      aggregate_func: 'avg' as const,
      from_date: iso(now.getTime() - DAY),
      to_date: now.toISOString(),
      group_interval: 1,
      group_interval_type: 'hour' as const,
      type: 'aggregate' as const,
    };
    // 720 hourly buckets fit: only the dates change.
    expect(windowedWidgetQuery(hourly, window)).toEqual({ ...hourly, ...window });
    // A year of 10-second buckets would not: the finest ladder step that fits.
    const year = { from_date: iso(now.getTime() - 365 * DAY), to_date: now.toISOString() };
    const fine = windowedWidgetQuery({ ...hourly, group_interval: 10, group_interval_type: 'second' }, year);
    expect(fine).toMatchObject({ ...year, group_interval: 1, group_interval_type: 'hour' });
    // "The last 100 raw points" becomes about REPORT_RAW_WIDGET_POINTS buckets of the window.
    const live = { ...hourly, type: 'raw' as const, last: 100 };
    const read = windowedWidgetQuery(live, window);
    expect(read).not.toHaveProperty('last');
    expect(read).toMatchObject({
      ...window,
      type: 'aggregate',
      group_interval: 1,
      group_interval_type: 'hour',
    });
    expect(30 * 24).toBeLessThanOrEqual(REPORT_RAW_WIDGET_POINTS);
    // Without from_date the widget keeps its own length (a day here), ending at to_date.
    expect(windowedWidgetQuery(hourly, { to_date: '2026-04-01T00:00:00.000Z' })).toMatchObject({
      from_date: '2026-03-31T00:00:00.000Z',
      to_date: '2026-04-01T00:00:00.000Z',
    });
  });
});
