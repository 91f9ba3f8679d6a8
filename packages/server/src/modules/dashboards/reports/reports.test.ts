/**
 * Dashboard reports end to end: headless Chromium draws the real shared view of a built web app served
 * by a listening test server; the files, their signed links, the mail, link holders, the throttle, bad
 * input and a server without Chromium.
 */
import type { IncomingMessage } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { projectWithSensors } from '../../iotManager/testSupport';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  demoDashAdmin,
  expectStatus,
  seriesConfig,
  sharedClient,
} from '../testSupport';
import { ReportRenderer } from './renderer';
import { webBuildForTests } from './testWebBuild';

/** The widget reads the server answered (the view batches them into POST …/widget_data bodies). */
const widgetReads = vi.hoisted(() => [] as { query: Record<string, unknown> }[]);
vi.mock('../widgets/batchRead', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../widgets/batchRead')>();
  return {
    ...actual,
    readPanelWidgets: (...args: Parameters<typeof actual.readPanelWidgets>) => {
      widgetReads.push(...args[3]);
      return actual.readPanelWidgets(...args);
    },
  };
});

const PUBLIC_URL = 'http://ferrite.test';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let platform: TestPlatform;
let cleanupBuild: () => Promise<void> = async () => {};
let orgId: string;
let dash: DashClient;
let dashboardId: string;
let firstPanel: string;
let secondPanel: string;

beforeAll(async () => {
  const build = await webBuildForTests();
  cleanupBuild = build.cleanup;
  platform = await createTestPlatform({ WEB_DIST_DIR: build.dist, PUBLIC_URL });
  // Chromium needs a real address to open the web app at.
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  let token: string;
  ({ orgId, dash, token } = await demoDashAdmin(platform));
  const { boiler, pump } = await projectWithSensors(platform, orgId, token);
  const now = Date.now();
  const points = [];
  for (let i = 0; i < 120; i++) {
    const ts = new Date(now - (120 - i) * 60_000);
    points.push({ orgId, sensorId: boiler, paramKey: 'temperature', ts, value: 60 + Math.sin(i / 9) * 8 });
    points.push({ orgId, sensorId: pump, paramKey: 'flow', ts, value: 12 + (i % 7) });
  }
  await new TelemetryWriter(platform.deps.db).write(points);
  dashboardId = (await createDashboard(dash, { name: 'Boiler house' })).id;
  firstPanel = (await createPanel(dash, dashboardId, 'Overview')).id;
  secondPanel = (await createPanel(dash, dashboardId, 'Pumps')).id;
  await addWidget(dash, firstPanel, 'line.basic', {
    config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { title: 'Boiler temperature' }),
    layout: { x: 0, y: 0, w: 6, h: 5 },
  });
  await addWidget(dash, secondPanel, 'bar.basic', {
    config: seriesConfig([{ sensor_id: pump, param_key: 'flow' }], { title: 'Pump flow' }),
    layout: { x: 0, y: 0, w: 6, h: 5 },
  });
}, 240_000);
afterAll(async () => {
  await platform?.close();
  await cleanupBuild();
});

/** GETs a signed link on the test server (the public URL is the test's own name for it). */
function download(url: string) {
  return platform.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') });
}

const report = (body: object) => dash.post(`/dashboards/${dashboardId}/reports`, body);

/** An ISO instant this many hours from now. */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/**
 * The widget reads among `urls` all asked for the window; none asked for "the last N points" (a widget
 * that reads those reads buckets of the window instead).
 */
/** Every widget read while the report rendered was over the window (and none asked for the last N). */
function expectReadsOver(window: { from_date: string; to_date: string }) {
  expect(widgetReads.length).toBeGreaterThan(0);
  for (const read of widgetReads) {
    expect(read.query.from_date).toBe(window.from_date);
    expect(read.query.to_date).toBe(window.to_date);
    expect(read.query.last).toBeUndefined();
  }
}

/** Every URL the listening server is asked for (Chromium's too) until stop(); the widget reads start afresh. */
function watchRequests(): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  widgetReads.length = 0;
  const listener = (request: IncomingMessage) => urls.push(request.url ?? '');
  platform.app.server.on('request', listener);
  return { urls, stop: () => platform.app.server.off('request', listener) };
}

describe('a member sends a dashboard as a report', () => {
  it('makes a PDF of the first panel whose signed link downloads it', async () => {
    const made = expectStatus(await report({ format: 'pdf' }), 201).json();
    expect(made).toMatchObject({
      dashboard_id: dashboardId,
      panel_id: firstPanel,
      format: 'pdf',
      recipients: [],
      filename: expect.stringMatching(/^Boiler house - Overview - \d{4}-\d{2}-\d{2}\.pdf$/),
    });
    expect(made.url).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/dash_mgmt/reports/${made.id}/download\\?expires=`),
    );
    expect(Date.parse(made.expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

    const file = await download(made.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Boiler house - Overview');
    const bytes = file.rawPayload;
    expect(bytes.length).toBe(made.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = bytes.toString('latin1');
    // A well-formed document with at least one page.
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/\/Type\s*\/Page\b(?!s)/);
    expect(Number(/\/Count\s+(\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('makes a PNG of the panel asked for, over the window asked for', async () => {
    const window = {
      from_date: new Date(Date.now() - 3600_000).toISOString(),
      to_date: new Date().toISOString(),
    };
    const seen = watchRequests();
    const made = expectStatus(
      await report({ format: 'png', panel_id: secondPanel, range: 'custom', ...window }),
      201,
    ).json();
    seen.stop();
    expect(made).toMatchObject({ format: 'png', panel_id: secondPanel, ...window });
    // The shared view opened with the window in its query string, and the widget read over it.
    expect(seen.urls).toContain(`/dashboards/${made.id}?${new URLSearchParams(window)}`);
    expectReadsOver(window);
    const file = await download(made.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // IHDR: the width of the page Chromium drew.
    expect(bytes.readUInt32BE(16)).toBe(1280);
    expect(bytes.readUInt32BE(20)).toBeGreaterThan(300);
  });

  it('reads every widget over a preset window ending when the report was asked for', async () => {
    const seen = watchRequests();
    const before = Date.now();
    const made = expectStatus(await report({ format: 'png', range: 'last_24_hours' }), 201).json();
    seen.stop();
    expect(Date.parse(made.to_date)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(made.to_date) - Date.parse(made.from_date)).toBe(24 * 3600_000);
    expectReadsOver(made);
  });

  it('refuses a tampered or borrowed link, and says so when it expired', async () => {
    const made = expectStatus(await report({ format: 'png' }), 201).json();
    const url = new URL(made.url);
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    const path = `/api/dash_mgmt/reports/${made.id}/download`;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const attempts = [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${Number(expires) + 1}&signature=${signature}`,
      `${path}?expires=${expires}`,
      `${path}`,
      `/api/dash_mgmt/reports/${firstPanel}/download?expires=${expires}&signature=${signature}`,
    ];
    for (const attempt of attempts) {
      const response = await platform.app.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json().detail).toBe('This download link is invalid or has expired');
    }
    // A genuine link whose time is up: gone, and the person is told to ask for a new report.
    const expired = platform.deps.blobs.signedPath(`dashboard-reports/${orgId}/${made.id}.png`, 60, {
      routePath: path,
      now: new Date(Date.now() - 120_000),
    });
    const late = await platform.app.inject({ method: 'GET', url: expired });
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toBe(
      'This report has expired and its file was deleted. Ask for a new report.',
    );
    expect((await download(made.url)).statusCode).toBe(200);
  });

  it('mails the link to every recipient through the outbox, the message and window above it', async () => {
    const made = expectStatus(
      await report({
        format: 'pdf',
        recipients: ['Ops@Plant.test', 'ops@plant.test', 'boss@plant.test'],
        message: '  Weekly numbers\nSee the boiler.  ',
        range: 'last_7_days',
      }),
      201,
    ).json();
    expect(made.recipients).toEqual(['ops@plant.test', 'boss@plant.test']);
    const mails = await platform.deps.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('text_body', 'like', `%${made.id}%`)
      .orderBy('to_address')
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual(['boss@plant.test', 'ops@plant.test']);
    const utc = (at: string) => `${at.slice(0, 10)} ${at.slice(11, 16)}`;
    for (const mail of mails) {
      expect(mail.subject).toBe('Dashboard report: Boiler house');
      const body = mail.text_body ?? '';
      expect(body).toContain(made.url);
      expect(body).toContain(`covering the last 7 days (${utc(made.from_date)} to ${utc(made.to_date)} UTC)`);
      // The note, trimmed, before the download link.
      const note = body.indexOf('Demo Admin wrote:\nWeekly numbers\nSee the boiler.\n');
      expect(note).toBeGreaterThan(0);
      expect(note).toBeLessThan(body.indexOf(made.url));
    }
  });
});

describe('a shared link holder', () => {
  it('gets a report with the link token, and not after the link is revoked', async () => {
    const link = expectStatus(await dash.post(`/dashboards/${dashboardId}/export`, {}), 201).json();
    const uuid = link.export.uuid;
    const token = (
      await sharedClient(platform, null).post(`/dashboards/${uuid}/verify`, { password: link.password })
    ).json().token;
    const holder = sharedClient(platform, token);
    const made = expectStatus(
      await holder.post(`/dashboards/${uuid}/reports`, { format: 'png' }),
      201,
    ).json();
    expect(made).toMatchObject({ dashboard_id: dashboardId, panel_id: firstPanel, format: 'png' });
    expect((await download(made.url)).rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);

    // Without a token, with a member token, or for another link: no report.
    expect(
      (await sharedClient(platform, null).post(`/dashboards/${uuid}/reports`, { format: 'png' })).statusCode,
    ).toBe(401);
    expect((await holder.post(`/dashboards/${dashboardId}/reports`, { format: 'png' })).statusCode).toBe(403);

    expectStatus(await dash.put(`/dashboards/${dashboardId}/export/${uuid}`, { revoked: true }), 200);
    const after = await holder.post(`/dashboards/${uuid}/reports`, { format: 'png' });
    expect(after.statusCode).toBe(410);
    expect(after.json().detail).toBe('This dashboard link has been revoked');
  });

  it('cannot use a render token to ask for reports or to read after the report is made', async () => {
    const { signRenderToken } = await import('./renderAccess');
    const reportRow = await platform.deps.db
      .selectFrom('dashboard_reports')
      .select(['id'])
      .where('org_id', '=', orgId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    const { token } = await signRenderToken(platform.deps.jwt, { id: reportRow.id, orgId, dashboardId });
    const holder = sharedClient(platform, token);
    // The report is finished: its render token opens nothing any more.
    expect((await holder.get(`/dashboards/${reportRow.id}/`)).statusCode).toBe(401);
    expect((await holder.post(`/dashboards/${reportRow.id}/reports`, { format: 'png' })).statusCode).toBe(
      401,
    );
  });

  it('cannot flood an inbox: a sixth report to one person within the hour is 429 and mails no one', async () => {
    const link = expectStatus(await dash.post(`/dashboards/${dashboardId}/export`, {}), 201).json();
    const uuid = link.export.uuid;
    const verified = await sharedClient(platform, null).post(`/dashboards/${uuid}/verify`, {
      password: link.password,
    });
    const holder = sharedClient(platform, verified.json().token);
    // What is counted here is mail, not pixels (the tests above render): each report is drawn as a
    // bare PNG signature instead of by Chromium, which took a minute for six on a loaded machine.
    const render = vi.spyOn(ReportRenderer.prototype, 'render').mockResolvedValue(PNG_SIGNATURE);
    onTestFinished(() => render.mockRestore());
    const mailsTo = async (to: string) =>
      (await platform.deps.db.selectFrom('outbox').select('id').where('to_address', '=', to).execute())
        .length;
    // Each report a minute apart, so the organization's 10 a minute never decides the answer.
    const aMinuteLater = () =>
      sql`update dashboard_reports set created_at = created_at - interval '1 minute'`.execute(
        platform.deps.db,
      );
    for (let i = 0; i < 5; i++) {
      await aMinuteLater();
      const body = { format: 'png', recipients: ['victim@plant.test'] };
      expectStatus(await holder.post(`/dashboards/${uuid}/reports`, body), 201);
    }
    await aMinuteLater();
    const sixth = await holder.post(`/dashboards/${uuid}/reports`, {
      format: 'png',
      recipients: ['victim@plant.test', 'colleague@plant.test'],
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    expect(sixth.json().detail).toBe('Too many reports mailed from shared links. Try again in 60 minutes.');
    expect(await mailsTo('victim@plant.test')).toBe(5);
    expect(await mailsTo('colleague@plant.test')).toBe(0);
    // Someone else still gets theirs.
    const body = { format: 'png', recipients: ['colleague@plant.test'] };
    expectStatus(await holder.post(`/dashboards/${uuid}/reports`, body), 201);
    expect(await mailsTo('colleague@plant.test')).toBe(1);
    expect(render).toHaveBeenCalledTimes(6);
  });
});

describe('bad input', () => {
  it('answers 400 naming each bad field, and 422 for a panel of another dashboard', async () => {
    const cases: [object, string, string][] = [
      [{}, 'body.format', "format must be 'pdf' or 'png'"],
      [{ format: 'gif' }, 'body.format', "format must be 'pdf' or 'png'"],
      [{ format: 'pdf', panel_id: 'x' }, 'body.panel_id', 'panel_id must be a UUID'],
      [{ format: 'pdf', recipients: ['not-an-email'] }, 'body.recipients.0', ''],
      [
        { format: 'pdf', recipients: Array.from({ length: 21 }, (_, i) => `p${i}@plant.test`) },
        'body.recipients',
        'Send a report to at most 20 people',
      ],
      [
        { format: 'pdf', from_date: '2026-01-02T00:00:00Z', to_date: '2026-01-01T00:00:00Z' },
        'body.to_date',
        'From date must be before To date',
      ],
      [{ format: 'pdf', range: 'custom' }, 'body.from_date', 'Please enter From date'],
      [{ format: 'pdf', range: 'custom' }, 'body.to_date', 'Please enter To date'],
      [
        { format: 'pdf', range: 'custom', from_date: hoursFromNow(-1), to_date: hoursFromNow(1) },
        'body.to_date',
        'To date cannot be in the future',
      ],
      [
        { format: 'pdf', from_date: hoursFromNow(2), to_date: hoursFromNow(3) },
        'body.from_date',
        'From date cannot be in the future',
      ],
      [
        { format: 'pdf', range: 'custom', from_date: hoursFromNow(-24 * 400), to_date: hoursFromNow(-1) },
        'body.to_date',
        'The report window can be at most one year',
      ],
      [
        { format: 'pdf', range: 'last_hour', to_date: hoursFromNow(-1) },
        'body.to_date',
        'From and To dates go with a custom window only',
      ],
      [{ format: 'pdf', range: 'yesterday' }, 'body.range', ''],
      [
        { format: 'pdf', message: 'x'.repeat(1001) },
        'body.message',
        'Message can be at most 1000 characters',
      ],
      [
        { format: 'pdf', from_date: 'yesterday' },
        'body.from_date',
        'from_date must be an ISO 8601 date-time',
      ],
      [{ format: 'pdf', colour: 'red' }, 'body', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await report(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json().errors.find((e: { path: string }) => e.path === path);
      expect(error, `${JSON.stringify(body)}: ${response.body}`).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    const other = await createDashboard(dash, { name: 'Other' });
    const otherPanel = await createPanel(dash, other.id);
    const wrong = await report({ format: 'pdf', panel_id: otherPanel.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { path: 'body.panel_id', message: 'No panel with this id in this dashboard' },
    ]);
    const empty = await createDashboard(dash, { name: 'Empty' });
    const none = await dash.post(`/dashboards/${empty.id}/reports`, { format: 'pdf' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0].message).toBe('This dashboard has no panels to report');
    expect((await dash.post(`/dashboards/${firstPanel}/reports`, { format: 'pdf' })).statusCode).toBe(404);
  });
});

describe('the throttle', () => {
  it('answers 429 with retry-after past 10 reports a minute in the organization', async () => {
    const db = platform.deps.db;
    const recent = await db
      .selectFrom('dashboard_reports')
      .select('id')
      .where('org_id', '=', orgId)
      .where('created_at', '>', new Date(Date.now() - 60_000))
      .execute();
    const fill = Math.max(0, 10 - recent.length);
    if (fill > 0) {
      await db
        .insertInto('dashboard_reports')
        .values(
          Array.from({ length: fill }, () => ({
            org_id: orgId,
            dashboard_id: dashboardId,
            panel_id: firstPanel,
            source: 'member' as const,
            link_id: null,
            format: 'pdf' as const,
            created_by: null,
          })),
        )
        .execute();
    }
    const refused = await report({ format: 'pdf' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      'An organization can make at most 10 reports a minute. Try again shortly.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('a server without Chromium', () => {
  it('answers 503 with a clear message and counts nothing', async () => {
    const bare = await createTestPlatform({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      await bare.app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await demoDashAdmin(bare);
      const board = await createDashboard(admin.dash, { name: 'No browser' });
      await createPanel(admin.dash, board.id);
      const response = await admin.dash.post(`/dashboards/${board.id}/reports`, { format: 'pdf' });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toBe(
        'Reports cannot be made right now: the report renderer (headless Chromium) is not available on this server',
      );
      const rows = await bare.deps.db.selectFrom('dashboard_reports').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
