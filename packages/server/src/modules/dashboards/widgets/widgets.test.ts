/** Widget instances: placed from the catalogue, bound to sensor parameters, read through the telemetry query. */
import { randomUUID } from 'node:crypto';
import { widgetDataBatchResponseSchema, widgetInstanceDataResponseSchema } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { addMember } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  expectStatus,
  seriesConfig,
  widgetInstancePath,
  widgetTestbed,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let dash: DashClient;
let panelId: string;
let boiler: string;
let pump: string;
// Three hours of one point a minute, ending on the hour two hours ago (whole hours for the rollups),
// or at midnight when that would straddle one: the daily maximum is one bucket at any time of day.
const twoHoursAgo = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000;
const hoursIntoDay = (twoHoursAgo % 86_400_000) / 3_600_000;
const end = new Date(
  hoursIntoDay > 0 && hoursIntoDay < 3 ? twoHoursAgo - hoursIntoDay * 3_600_000 : twoHoursAgo,
);
const start = new Date(end.getTime() - 3 * 3_600_000);

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, dash, boiler, pump, panelId } = await widgetTestbed(platform));
  const points = [];
  for (let t = start.getTime(), i = 0; t < end.getTime(); t += 60_000, i++) {
    points.push({ orgId, sensorId: boiler, paramKey: 'temperature', ts: new Date(t), value: i });
    points.push({ orgId, sensorId: pump, paramKey: 'flow', ts: new Date(t), value: 2 });
  }
  await new TelemetryWriter(platform.deps.db).write(points);
});
afterAll(() => platform.close());

const instancePath = (widgetId: string, id = '') => widgetInstancePath(panelId, widgetId, id);

describe('placing widgets', () => {
  it("resolves the config over the variant's defaults and derives bindings and the read query", async () => {
    const widget = await addWidget(dash, panelId, 'line.smooth', {
      config: seriesConfig(
        [
          { sensor_id: boiler, param_key: 'temperature' },
          { sensor_id: pump, param_key: 'flow' },
        ],
        { title: 'Boiler and pump', time_range: '7d', group_interval_type: 'minute', group_interval: 30 },
      ),
      layout: { x: 2, y: 1, w: 6, h: 5 },
    });
    expect(widget).toMatchObject({
      widget_id: 'line.smooth',
      title: 'Boiler and pump',
      subpanel_id: null,
      config: { smooth: true, title: 'Boiler and pump' },
      bindings: [
        { sensor_id: boiler, param_key: 'temperature' },
        { sensor_id: pump, param_key: 'flow' },
      ],
      query: {
        aggregate_func: 'avg',
        group_interval: 30,
        group_interval_type: 'minute',
        type: 'aggregate',
        range_seconds: 7 * 86_400,
        last: null,
      },
      layout: { i: widget.id, x: 2, y: 1, w: 6, h: 5 },
    });
    const listed = expectStatus(await dash.get(instancePath('line.smooth')), 200).json();
    expect(listed.widget_instances.map((w: { id: string }) => w.id)).toEqual([widget.id]);
    expect((await dash.get(instancePath('line.basic'))).json().widget_instances).toEqual([]);
  });

  it('names every unusable field: unknown variant, command kinds, bad config, foreign sensors and keys', async () => {
    const unknown = await dash.post(instancePath('line.nope'), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Widget was not found');
    const command = await dash.post(instancePath('button.on'), {});
    expect(command.statusCode).toBe(422);
    expect(command.json().detail).toContain('/panels/{panelId}/command_widgets');
    const badConfig = await dash.post(instancePath('line.basic'), {
      config: { decimals: 9, palette: 'neon' },
    });
    expect(badConfig.statusCode).toBe(400);
    expect(badConfig.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.config.decimals',
      'body.config.palette',
    ]);
    const bindings = await dash.post(instancePath('line.basic'), {
      config: seriesConfig([
        { sensor_id: boiler, param_key: 'flow' },
        { sensor_id: '00000000-0000-4000-8000-000000000000', param_key: 'temperature' },
      ]),
    });
    expect(bindings.statusCode).toBe(422);
    expect(bindings.json().errors).toEqual([
      { path: 'body.config.series.0.param_key', message: '"Boiler" has no parameter "flow"' },
      { path: 'body.config.series.1.sensor_id', message: 'No sensor with this id' },
    ]);
  });

  it('replaces config and position, may switch the variant, and deletes', async () => {
    const widget = await addWidget(dash, panelId, 'gauge.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'pressure' }]),
    });
    const replaced = expectStatus(
      await dash.put(instancePath('gauge.semi', widget.id), {
        config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { title: 'Temp' }),
        layout: { x: 0, y: 9, w: 3, h: 3 },
      }),
      200,
    ).json();
    expect(replaced).toMatchObject({
      widget_id: 'gauge.semi',
      title: 'Temp',
      bindings: [{ sensor_id: boiler, param_key: 'temperature' }],
      layout: { x: 0, y: 9, w: 3, h: 3 },
    });
    // The instance now lives under its new variant only.
    expect((await dash.get(instancePath('gauge.basic', widget.id))).statusCode).toBe(404);
    expectStatus(await dash.delete(instancePath('gauge.semi', widget.id)), 204);
    expect((await dash.get(instancePath('gauge.semi', widget.id))).statusCode).toBe(404);
  });
});

describe("a widget's data", () => {
  it('answers hourly averages of each bound parameter through the telemetry query', async () => {
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([
        { sensor_id: boiler, param_key: 'temperature' },
        { sensor_id: pump, param_key: 'flow' },
      ]),
    });
    const data = expectStatus(
      await dash.get(instancePath('line.basic', widget.id), {
        aggregate_func: 'avg',
        from_date: start.toISOString(),
        to_date: end.toISOString(),
        group_interval: 1,
        group_interval_type: 'hour',
      }),
      200,
    ).json();
    expect(data.widget_instance.id).toBe(widget.id);
    // Written without re-validation (plainJsonSerializer): exactly the contract's shape, nothing more.
    expect(widgetInstanceDataResponseSchema.parse(data)).toEqual(data);
    expect(data.query).toMatchObject({
      type: 'aggregate',
      from_date: start.toISOString(),
      to_date: end.toISOString(),
    });
    const [temperature, flow] = data.series;
    expect(temperature).toMatchObject({
      key: `${boiler}:temperature`,
      sensor_name: 'Boiler',
      unit: '°C',
    });
    // Minute i has value i: hour h averages 60h … 60h+59.
    expect(temperature.points).toEqual([
      { ts: start.toISOString(), value: 29.5 },
      { ts: new Date(start.getTime() + 3_600_000).toISOString(), value: 89.5 },
      { ts: new Date(start.getTime() + 7_200_000).toISOString(), value: 149.5 },
    ]);
    expect(flow).toMatchObject({ sensor_name: 'Pump', unit: 'l/min' });
    expect(flow.points.map((p: { value: number }) => p.value)).toEqual([2, 2, 2]);

    const maxima = (
      await dash.get(instancePath('line.basic', widget.id), {
        aggregate_func: 'max',
        from_date: start.toISOString(),
        to_date: end.toISOString(),
        group_interval: 1,
        group_interval_type: 'day',
      })
    ).json();
    expect(maxima.series[0].points.map((p: { value: number }) => p.value)).toEqual([179]);
  });

  it('answers raw points, the last N, and falls back to the config’s query', async () => {
    const widget = await addWidget(dash, panelId, 'kpi.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { last: 3 }),
    });
    const latest = expectStatus(await dash.get(instancePath('kpi.basic', widget.id)), 200).json();
    expect(latest.query).toMatchObject({ type: 'raw', last: 3 });
    expect(latest.series[0].points.map((p: { value: number }) => p.value)).toEqual([177, 178, 179]);
    const raw = (
      await dash.get(instancePath('kpi.basic', widget.id), {
        type: 'raw',
        from_date: start.toISOString(),
        to_date: new Date(start.getTime() + 3 * 60_000).toISOString(),
      })
    ).json();
    expect(raw.query.last).toBeNull();
    expect(raw.series[0].points.map((p: { value: number }) => p.value)).toEqual([0, 1, 2]);
  });

  it('refuses an empty window and one of too many buckets, naming the field', async () => {
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    const empty = await dash.get(instancePath('line.basic', widget.id), {
      from_date: end.toISOString(),
      to_date: start.toISOString(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'query.to_date', message: 'to_date must be after from_date' },
    ]);
    const many = await dash.get(instancePath('line.basic', widget.id), {
      from_date: '2020-01-01T00:00:00Z',
      to_date: end.toISOString(),
      group_interval_type: 'second',
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].path).toBe('query.group_interval');
  });
});

describe("a panel's widgets read at once", () => {
  it('answers each read in the order asked, as the single read would, and a failed read by itself', async () => {
    const batchPanel = (await createPanel(dash, (await createDashboard(dash)).id, 'Batch')).id;
    const line = await addWidget(dash, batchPanel, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    const kpi = await addWidget(dash, batchPanel, 'kpi.basic', {
      config: seriesConfig([{ sensor_id: pump, param_key: 'flow' }], { last: 2 }),
    });
    const hourly = {
      aggregate_func: 'avg',
      from_date: start.toISOString(),
      to_date: end.toISOString(),
      group_interval: 1,
      group_interval_type: 'hour',
    } as const;
    const elsewhere = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    const answer = expectStatus(
      await dash.post(`/panels/${batchPanel}/widget_data`, {
        reads: [
          { id: kpi.id },
          { id: line.id, query: hourly },
          { id: elsewhere.id },
          { id: line.id, query: { from_date: '2020-01-01T00:00:00Z', group_interval_type: 'second' } },
        ],
      }),
      200,
    ).json();
    expect(widgetDataBatchResponseSchema.parse(answer)).toEqual(answer);
    const [latest, averages, foreign, tooMany] = answer.results;
    expect(latest.id).toBe(kpi.id);
    expect(latest.data.series[0].points.map((p: { value: number }) => p.value)).toEqual([2, 2]);
    const single = expectStatus(
      await dash.get(`/panels/${batchPanel}/widgets/line.basic/widget_instances/${line.id}`, hourly),
      200,
    ).json();
    expect(averages).toEqual({ id: line.id, data: single });
    expect(averages.data.series[0].points.map((p: { value: number }) => p.value)).toEqual([
      29.5, 89.5, 149.5,
    ]);
    expect(foreign).toEqual({
      id: elsewhere.id,
      error: { status: 404, title: 'Not found', detail: 'Widget instance was not found' },
    });
    expect(tooMany.error).toMatchObject({ status: 400, title: 'Invalid request' });
  });

  it('refuses an empty batch and answers 404 for a panel that is not there', async () => {
    const empty = await dash.post(`/panels/${panelId}/widget_data`, { reads: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      path: 'body.reads',
      message: 'Name at least one widget to read',
    });
    const missing = await dash.post(`/panels/${crypto.randomUUID()}/widget_data`, {
      reads: [{ id: crypto.randomUUID() }],
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reading ahead of authorization', () => {
  it('reads only for a live session: a signed-out token learns nothing, whatever the read would find', async () => {
    const session = await signInToOrg(platform.app);
    const reader = dashClient(platform, session.org_id, session.access_token);
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    const path = instancePath('line.basic', widget.id);
    const batch = `/panels/${panelId}/widget_data`;
    const reads = { reads: [{ id: widget.id, query: {} }] };
    // Read once, so the caller is remembered (callerCache.ts) before the sign-out.
    expectStatus(await reader.get(path), 200);
    expectStatus(await reader.post(batch, reads), 200);
    const signOut = await platform.app.inject({
      method: 'POST',
      url: '/api/sign-out',
      payload: { access_token: session.access_token, refresh_token: session.refresh_token },
    });
    expectStatus(signOut, 200);
    for (const response of [
      await reader.get(path),
      await reader.get(instancePath('line.basic', randomUUID())),
      await reader.get(`${path}?aggregate_func=median`),
      await reader.post(batch, reads),
      await reader.post(batch, { reads: 'all' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().title).toBe('Token expired');
    }
  });

  it('reads only for a caller who may view dashboards', async () => {
    const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    await addMember(platform.deps.db, orgId, { email, password: 'Viewer-pass-1' });
    const session = await signInToOrg(platform.app, email, 'Viewer-pass-1');
    const outsider = dashClient(platform, session.org_id, session.access_token);
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    for (const response of [
      await outsider.get(instancePath('line.basic', widget.id)),
      await outsider.get(instancePath('line.basic', randomUUID())),
      await outsider.post(`/panels/${panelId}/widget_data`, { reads: [{ id: widget.id, query: {} }] }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/^You do not have permission to .*Dashboards/);
    }
  });
});
