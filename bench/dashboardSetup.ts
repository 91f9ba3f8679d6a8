/**
 * bench:dashboard set-up: the fleet feeding the dashboard (gateways of one sensor each, every sensor
 * reporting the same ten parameters), a dashboard of 50 widgets bound to those 50 sensor parameters
 * (a plant wall's mix of lines, areas, steps, columns, gauges, solid gauges, KPIs, sparklines and
 * progress bars), an empty dashboard to compare with, a history so charts open full, and the load: one
 * HTTP ingest call per gateway every `periodMs`, as devices send it.
 */
import type {
  DashboardExportSecretResponse,
  GridSettings,
  OrgSignInResponse,
  Panel,
  ShareVerifyResponse,
  SignInResponse,
} from '@ferrite/contracts';
import { DEMO_ADMIN } from '../packages/server/src/seed/demo';
import { FerriteApi, PARAMETER_CATALOGUE, ReadingGenerator } from '../packages/simulator/src/index';
import { type BenchFleet, type BenchGateway, provisionBenchFleet } from './ingestSetup';

/**
 * One grid row per sensor: 3 charts of 4 units and 7 indicators of 2 = 26 columns; five rows of 146 px
 * fit the maximized app window of a 1920 × 1080 screen, so every widget is on screen.
 */
export const DASHBOARD_GRID: GridSettings = { columns: 26, row_height: 14, margin: 8, compact: 'vertical' };
const CHART_W = 4;
const INDICATOR_W = 2;
const ROW_H = 7;

/** Row templates (one per sensor, its ten parameters in order); rows alternate A, B, A, B, A. */
const ROW_A = [
  'line.live',
  'gauge.*',
  'kpi.*',
  'sparkline.*',
  'area.live',
  'solid_gauge.*',
  'kpi.*',
  'gauge.*',
  'step.live',
  'progress.*',
] as const;
const ROW_B = [
  'line.live',
  'kpi.*',
  'gauge.*',
  'sparkline.*',
  'column.live',
  'kpi.*',
  'solid_gauge.*',
  'sparkline.*',
  'area.live',
  'gauge.*',
] as const;

/** The API session the page is given (the e2e journeys' seeded storage). */
export interface PageSession {
  user_id: string;
  org_id: string;
  access_token: string;
  refresh_token: string;
}

export interface BenchDashboard {
  id: string;
  name: string;
  widgets: number;
  /** How many widgets of each kind. */
  mix: Record<string, number>;
}

/** Signs the demo admin in as a browser would and answers the tokens the web app keeps. */
export async function pageSession(url: string): Promise<PageSession> {
  const anonymous = new FerriteApi(url);
  const user = await anonymous.post<SignInResponse>('/sign-in', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  const orgId = user.orgs[0]?.id;
  if (!orgId) throw new Error('The demo admin belongs to no organization');
  return anonymous.post<OrgSignInResponse>(`/orgs/${orgId}/sign-in`, undefined, {
    'auth-token': user.auth_token,
  });
}

/** `sensors` gateways of one sensor each, every sensor with the first `params` parameters. */
export function provisionDashboardFleet(url: string, sensors: number, params: number): Promise<BenchFleet> {
  return provisionBenchFleet(url, { gateways: sensors, sensors: 1, params });
}

/** The variant of a template slot for a parameter: `kind.*` takes the parameter's own preset. */
function variantFor(slot: string, param: string): string {
  return slot.endsWith('.*') ? `${slot.slice(0, -2)}.${param}` : slot;
}

/** The instance's own settings over its variant's: live series read raw points so they move. */
function configFor(variant: string, title: string, sensorId: string, param: string) {
  const unit = PARAMETER_CATALOGUE.find((p) => p.key === param)?.unit ?? '';
  const series = [{ key: `${sensorId}:${param}`, sensor_id: sensorId, param_key: param, name: param, unit }];
  // Sparklines default to hourly averages over a day, which a live value changes once an hour.
  const extra = variant.startsWith('sparkline.') ? { last: 60 } : {};
  return { title, series, ...extra };
}

/** Creates a dashboard of one panel with a widget per sensor parameter of the fleet (50 by default). */
export async function createLiveDashboard(fleet: BenchFleet, name: string): Promise<BenchDashboard> {
  const { api, orgId } = fleet;
  const dm = `/dash_mgmt/orgs/${orgId}`;
  const dashboard = await api.post<{ id: string }>(`${dm}/dashboards`, { name, layout: DASHBOARD_GRID });
  const panel = await api.post<Panel>(`${dm}/dashboards/${dashboard.id}/panels`, { name: 'Line overview' });
  const mix: Record<string, number> = {};
  let widgets = 0;
  for (const [row, gateway] of fleet.gateways.entries()) {
    const template = row % 2 === 0 ? ROW_A : ROW_B;
    const sensorId = gateway.sensorIds[0] as string;
    let x = 0;
    // One at a time, in reading order, so each lands where its layout says.
    for (const [i, param] of fleet.params.entries()) {
      const variant = variantFor(template[i % template.length] as string, param);
      const kind = variant.split('.')[0] as string;
      const w = ['line', 'area', 'step', 'column'].includes(kind) ? CHART_W : INDICATOR_W;
      await api.post(`${dm}/panels/${panel.id}/widgets/${variant}/widget_instances`, {
        config: configFor(variant, `S${row + 1} ${param}`, sensorId, param),
        layout: { x, y: row * ROW_H, w, h: ROW_H },
      });
      x += w;
      mix[kind] = (mix[kind] ?? 0) + 1;
      widgets++;
    }
  }
  return { id: dashboard.id, name, widgets, mix };
}

/** A dashboard of one empty panel: the page, the app and the reads without any widget. */
export async function createEmptyDashboard(fleet: BenchFleet, name: string): Promise<BenchDashboard> {
  const dm = `/dash_mgmt/orgs/${fleet.orgId}`;
  const dashboard = await fleet.api.post<{ id: string }>(`${dm}/dashboards`, {
    name,
    layout: DASHBOARD_GRID,
  });
  await fleet.api.post(`${dm}/dashboards/${dashboard.id}/panels`, { name: 'Line overview' });
  return { id: dashboard.id, name, widgets: 0, mix: {} };
}

/** The HTTP ingest body of readings for a gateway's one sensor. */
function body(gateway: BenchGateway, readings: Record<string, number>[]): string {
  const field = gateway.sensorFields[0] as string;
  return JSON.stringify(readings.map(({ ts, ...values }) => ({ ts, [field]: values })));
}

async function post(url: string, gateway: BenchGateway, payload: string): Promise<void> {
  const response = await fetch(`${url}/api/ingest/${gateway.uuid}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.token}`, 'content-type': 'application/json' },
    body: payload,
  });
  if (!response.ok) throw new Error(`ingest ${response.status}: ${await response.text()}`);
}

/** Readings of realistic values (the simulator's generator), one generator per gateway. */
export function generators(fleet: BenchFleet): ReadingGenerator[] {
  const profiles = PARAMETER_CATALOGUE.slice(0, fleet.params.length);
  return fleet.gateways.map((_, g) => new ReadingGenerator(profiles, 'bench-dashboard', g));
}

/** `count` readings per gateway, `periodMs` apart and ending now, through HTTP ingest. */
export async function ingestHistory(
  url: string,
  fleet: BenchFleet,
  gens: ReadingGenerator[],
  count: number,
  periodMs: number,
): Promise<void> {
  const end = Date.now() - periodMs;
  await Promise.all(
    fleet.gateways.map((gateway, g) => {
      const readings = Array.from({ length: count }, (_, i) =>
        (gens[g] as ReadingGenerator).next(end - (count - 1 - i) * periodMs),
      );
      return post(url, gateway, body(gateway, readings));
    }),
  );
}

/** A running load: stop() waits for the calls in flight and answers what was sent. */
export interface LiveLoad {
  stop(): Promise<{ calls: number; failures: number; lateMs: number }>;
}

/**
 * Each gateway posts one reading every `periodMs`, the gateways spread evenly over the period (devices
 * are not in step). Calls are timed against a fixed schedule, so a slow answer does not slow the rate;
 * `lateMs` is the worst delay behind that schedule.
 */
export function startLiveLoad(
  url: string,
  fleet: BenchFleet,
  gens: ReadingGenerator[],
  periodMs: number,
): LiveLoad {
  let running = true;
  let calls = 0;
  let failures = 0;
  let lateMs = 0;
  const start = performance.now() + 50;
  const lanes = fleet.gateways.map(async (gateway, g) => {
    const offset = (g * periodMs) / fleet.gateways.length;
    for (let tick = 0; running; tick++) {
      const due = start + offset + tick * periodMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else lateMs = Math.max(lateMs, -wait);
      if (!running) break;
      const reading = (gens[g] as ReadingGenerator).next(Date.now());
      try {
        await post(url, gateway, body(gateway, [reading]));
        calls++;
      } catch {
        failures++;
      }
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(lanes);
      return { calls, failures, lateMs };
    },
  };
}

/** A shared link of the dashboard, its password verified as the public view does: the link's token. */
export async function sharedLink(
  url: string,
  fleet: BenchFleet,
  dashboardId: string,
): Promise<{ uuid: string; token: string; expires_at: string }> {
  const made = await fleet.api.post<DashboardExportSecretResponse>(
    `/dash_mgmt/orgs/${fleet.orgId}/dashboards/${dashboardId}/export`,
    {},
  );
  const response = await fetch(`${url}/api/dash_mgmt/dashboards/${made.export.uuid}/verify`, {
    headers: { password: made.password ?? '' },
  });
  if (!response.ok) throw new Error(`verify ${response.status}: ${await response.text()}`);
  const verified = (await response.json()) as ShareVerifyResponse;
  return { uuid: verified.uuid, token: verified.token, expires_at: verified.expires_at };
}
