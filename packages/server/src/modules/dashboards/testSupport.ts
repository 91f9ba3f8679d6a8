/** Test helpers for Dashboards: an API client, a dashboard with a panel, widgets bound to sensors. */
import type { LightMyRequestResponse } from 'fastify';
import { bearer, signInToOrg } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';
import { projectWithSensors } from '../iotManager/testSupport';

type Query = Record<string, string | number | boolean>;

/** A test client of one API prefix. */
export interface DashClient {
  get(path: string, query?: Query): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

const toQuery = (values?: Query) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));

/** Calls `${prefix}…` with a bearer token (null: without one). */
export function apiClient(platform: TestPlatform, prefix: string, token: string | null): DashClient {
  const headers = token ? bearer(token) : {};
  const url = (path: string) => `${prefix}${path}`;
  return {
    get: (path, values) =>
      platform.app.inject({ method: 'GET', url: url(path), headers, query: toQuery(values) }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path) => platform.app.inject({ method: 'DELETE', url: url(path), headers }),
  };
}

/** Calls /api/dash_mgmt/orgs/{orgId}/… with a bearer token. */
export function dashClient(platform: TestPlatform, orgId: string, token: string): DashClient {
  return apiClient(platform, `/api/dash_mgmt/orgs/${orgId}`, token);
}

/** Calls the shared view, /api/dash_mgmt/…, with a share token (or none). */
export function sharedClient(platform: TestPlatform, token: string | null): DashClient {
  return apiClient(platform, '/api/dash_mgmt', token);
}

/** The demo admin signed in: organization id, token, user id and a Dashboards client. */
export async function demoDashAdmin(platform: TestPlatform) {
  const session = await signInToOrg(platform.app);
  return {
    orgId: session.org_id,
    token: session.access_token,
    userId: session.user_id,
    dash: dashClient(platform, session.org_id, session.access_token),
  };
}

/** Fails the test with the body unless the answer has the status. */
export function expectStatus(response: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** Creates a dashboard through the API; answers its detail. */
export async function createDashboard(dash: DashClient, body: Record<string, unknown> = {}) {
  return expectStatus(await dash.post('/dashboards', { name: 'Plant overview', ...body }), 201).json();
}

/** Adds a panel through the API; answers its detail. */
export async function createPanel(dash: DashClient, dashboardId: string, name = 'Main') {
  return expectStatus(await dash.post(`/dashboards/${dashboardId}/panels`, { name }), 201).json();
}

/** A config whose series read the given sensor parameters. */
export function seriesConfig(
  bindings: { sensor_id: string; param_key: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    series: bindings.map((b, index) => ({
      ...b,
      key: `${b.sensor_id}:${b.param_key}`,
      name: `Series ${index + 1}`,
    })),
    ...extra,
  };
}

/** The path of a panel's instances of a widget variant (or of one of them), under the dash client's prefix. */
export function widgetInstancePath(panelId: string, widgetId: string, id = ''): string {
  return `/panels/${panelId}/widgets/${widgetId}/widget_instances${id ? `/${id}` : ''}`;
}

/** Places a widget variant in a panel; answers the instance. */
export async function addWidget(
  dash: DashClient,
  panelId: string,
  widgetId: string,
  body: Record<string, unknown> = {},
) {
  return expectStatus(await dash.post(widgetInstancePath(panelId, widgetId), body), 201).json();
}

/** The demo admin, a plant whose sensors Boiler and Pump have parameters, and an empty panel: where widget tests start. */
export async function widgetTestbed(platform: TestPlatform) {
  const admin = await demoDashAdmin(platform);
  const { boiler, pump } = await projectWithSensors(platform, admin.orgId, admin.token);
  const dashboardId = (await createDashboard(admin.dash)).id as string;
  const panelId = (await createPanel(admin.dash, dashboardId)).id as string;
  return { ...admin, boiler, pump, dashboardId, panelId };
}
