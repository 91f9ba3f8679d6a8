/** Tenant isolation of Dashboards: every member route, the shared view's tokens, and the hierarchy. */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin, addPerson } from '../entityManager/testSupport';
import { createGateway, gatewayBody, iotClient, projectWithSensors } from '../iotManager/testSupport';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  demoDashAdmin,
  expectStatus,
  seriesConfig,
  sharedClient,
} from './testSupport';

let platform: TestPlatform;
let victimOrgId: string;
let victim: DashClient;
let intruder: { orgId: string; token: string };
const ids = {
  dashboard: '',
  panel: '',
  subpanel: '',
  widget: '',
  command: '',
  link: '',
  gateway: '',
  sensor: '',
};
let victimShareToken: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoDashAdmin(platform);
  victimOrgId = admin.orgId;
  victim = admin.dash;
  const plant = await projectWithSensors(platform, victimOrgId, admin.token, 'Secret plant');
  ids.sensor = plant.boiler;
  ids.gateway = (
    await createGateway(
      iotClient(platform, victimOrgId, admin.token),
      plant.projectId,
      gatewayBody('Secret gw'),
    )
  ).gateway.id;
  ids.dashboard = (await createDashboard(victim, { name: 'Secret cockpit' })).id;
  ids.panel = (await createPanel(victim, ids.dashboard, 'Secret panel')).id;
  ids.subpanel = (
    await victim.post(`/dashboards/${ids.dashboard}/panels/${ids.panel}/subpanels`, { name: 'Box' })
  ).json().id;
  ids.widget = (
    await addWidget(victim, ids.panel, 'line.basic', {
      config: seriesConfig([{ sensor_id: plant.boiler, param_key: 'temperature' }]),
    })
  ).id;
  // Read once by its owner: the intruder's reads below meet a remembered widget (widgetCache.ts).
  expectStatus(
    await victim.get(`/panels/${ids.panel}/widgets/line.basic/widget_instances/${ids.widget}`),
    200,
  );
  ids.command = expectStatus(
    await victim.post(`/panels/${ids.panel}/command_widgets`, {
      kind: 'button',
      gateway_id: ids.gateway,
      command_name: 'reset',
      confirmation_text: '',
    }),
    201,
  ).json().id;
  const link = expectStatus(await victim.post(`/dashboards/${ids.dashboard}/export`, {}), 201).json();
  ids.link = link.export.uuid;
  victimShareToken = (
    await sharedClient(platform, null).post(`/dashboards/${ids.link}/verify`, { password: link.password })
  ).json().token;
  await addPerson(platform, victimOrgId, { email: 'insider@victim.test', apps: ['dashboards'] });
  await victim.post(`/dashboard/${ids.dashboard}/share`, { emails: ['insider@victim.test'] });
  intruder = await addOrgWithAdmin(platform, 'intruder-dash', [...APP_KEYS]);
});
afterAll(() => platform.close());

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; template: string; path: string; payload?: object };

/** Every member route of the module with bodies an admin of the victim organization could send. */
function routes(): Route[] {
  const d = `/dashboards/${ids.dashboard}`;
  const p = `${d}/panels/${ids.panel}`;
  const w = `/panels/${ids.panel}/widgets/line.basic/widget_instances`;
  const c = `/panels/${ids.panel}/command_widgets`;
  const r = (method: Route['method'], template: string, path: string, payload?: object): Route => ({
    method,
    template,
    path,
    ...(payload ? { payload } : {}),
  });
  const D = '/dashboards/:id';
  const DP = '/dashboards/:dashboardId/panels';
  const W = '/panels/:panelId/widgets/:widgetId/widget_instances';
  const C = '/panels/:panelId/command_widgets';
  const S = '/dashboard/:dashboardId';
  return [
    r('GET', '/dashboards', '/dashboards'),
    r('POST', '/dashboards', '/dashboards', { name: 'Hijack' }),
    r('GET', '/recent_dashboards', '/recent_dashboards'),
    r('GET', D, d),
    r('PUT', D, d, { name: 'Hijacked' }),
    r('POST', '/fetch_token', '/fetch_token'),
    r('GET', '/gateways', '/gateways'),
    r('GET', '/command_widget_types', '/command_widget_types'),
    r('POST', `${D}/export`, `${d}/export`, {}),
    r('PUT', `${D}/export/:uuid`, `${d}/export/${ids.link}`, { revoked: true }),
    r('GET', `${D}/export/:uuid/show_credentials`, `${d}/export/${ids.link}/show_credentials`),
    r('POST', `${D}/reports`, `${d}/reports`, { format: 'pdf' }),
    r('GET', DP, `${d}/panels`),
    r('POST', DP, `${d}/panels`, { name: 'Hijack' }),
    r('GET', `${DP}/:id`, p),
    r('PUT', `${DP}/:id`, p, { name: 'Hijacked' }),
    r('GET', `${DP}/:panelId/subpanels`, `${p}/subpanels`),
    r('POST', `${DP}/:panelId/subpanels`, `${p}/subpanels`, { name: 'Hijack' }),
    r('GET', `${DP}/:panelId/subpanels/:id`, `${p}/subpanels/${ids.subpanel}`),
    r('PUT', `${DP}/:panelId/subpanels/:id`, `${p}/subpanels/${ids.subpanel}`, { name: 'Hijacked' }),
    r('GET', W, w),
    r('POST', W, w, {}),
    r('GET', `${W}/:id`, `${w}/${ids.widget}`),
    r('PUT', `${W}/:id`, `${w}/${ids.widget}`, {}),
    r('GET', C, c),
    r('POST', C, c, { kind: 'button', gateway_id: ids.gateway, command_name: 'x' }),
    r('GET', `${C}/:id`, `${c}/${ids.command}`),
    r('PUT', `${C}/:id`, `${c}/${ids.command}`, {
      kind: 'button',
      gateway_id: ids.gateway,
      command_name: 'x',
    }),
    r('POST', `${C}/:id/send`, `${c}/${ids.command}/send`, { confirmed: true }),
    r('POST', '/dashboards/:dashboardId/duplicates', `${d}/duplicates`, {}),
    r('POST', '/dashboards/:dashboardId/duplicate_dashboards', `${d}/duplicate_dashboards`, {
      target_dashboard_id: ids.dashboard,
      panel_ids: [ids.panel],
    }),
    r('POST', '/panels/:panelId/widget_data', `/panels/${ids.panel}/widget_data`, {
      reads: [{ id: ids.widget }],
    }),
    r('POST', '/panels/:panelId/duplicate_widgets', `/panels/${ids.panel}/duplicate_widgets`, {
      widget_instance_ids: [ids.widget],
    }),
    r('POST', `${S}/share`, `/dashboard/${ids.dashboard}/share`, { emails: ['insider@victim.test'] }),
    r('GET', `${S}/users`, `/dashboard/${ids.dashboard}/users`),
    r('DELETE', `${S}/revoke/:userEmail`, `/dashboard/${ids.dashboard}/revoke/insider@victim.test`),
    r('DELETE', `${C}/:id`, `${c}/${ids.command}`),
    r('DELETE', `${W}/:id`, `${w}/${ids.widget}`),
    r('DELETE', `${DP}/:panelId/subpanels/:id`, `${p}/subpanels/${ids.subpanel}`),
    r('DELETE', `${DP}/:id`, p),
    r('DELETE', D, d),
  ];
}

const TABLES = [
  'dashboards',
  'dashboard_panels',
  'dashboard_subpanels',
  'dashboard_widgets',
  'dashboard_command_widgets',
  'dashboard_exports',
  'dashboard_shares',
  'dashboard_opens',
  'dashboard_reports',
  'gateway_commands',
  'outbox',
] as const;

async function victimSnapshot() {
  const snapshot: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await platform.deps.db
      .selectFrom(table)
      .selectAll()
      .where('org_id', '=', victimOrgId)
      .execute();
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

describe('Dashboards tenant isolation', () => {
  it('covers every member route of the module', () => {
    const prefix = '/api/dash_mgmt/orgs/:orgId';
    const catalogued = [...platform.app.routeAccess.entries()]
      .filter(([key, declared]) => key.split(' ')[1]?.startsWith(prefix) && declared.access !== 'public')
      .map(([key]) => key.replace(prefix, ''))
      .filter((key) => !key.startsWith('HEAD '))
      .sort();
    const walked = routes()
      .map((route) => `${route.method} ${route.template}`)
      .sort();
    expect(walked).toEqual(catalogued);
  });

  it("answers 403 to another organization's admin on every route and changes nothing", async () => {
    const before = await victimSnapshot();
    for (const route of routes()) {
      const response = await platform.app.inject({
        method: route.method,
        url: `/api/dash_mgmt/orgs/${victimOrgId}${route.path}`,
        headers: { authorization: `Bearer ${intruder.token}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
    }
    expect(await victimSnapshot()).toEqual(before);
  });

  it("finds nothing of the other organization through the intruder's own organization", async () => {
    const before = await victimSnapshot();
    const own = dashClient(platform, intruder.orgId, intruder.token);
    const lists = ['/dashboards', '/recent_dashboards', '/fetch_token', '/gateways', '/command_widget_types'];
    for (const route of routes()) {
      if (lists.includes(route.path)) continue;
      const response =
        route.method === 'GET'
          ? await own.get(route.path)
          : route.method === 'DELETE'
            ? await own.delete(route.path)
            : route.method === 'PUT'
              ? await own.put(route.path, route.payload ?? {})
              : await own.post(route.path, route.payload);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
    }
    expect((await own.get('/dashboards')).json().dashboards).toEqual([]);
    expect((await own.get('/gateways')).json().gateways).toEqual([]);

    // Ids of the victim's sensor, gateway and panels are unknown here: field errors, nothing attached.
    const mine = await createDashboard(own, { name: 'Mine' });
    const myPanel = await createPanel(own, mine.id);
    const sensor = await own.post(`/panels/${myPanel.id}/widgets/line.basic/widget_instances`, {
      config: seriesConfig([{ sensor_id: ids.sensor, param_key: 'temperature' }]),
    });
    expect(sensor.statusCode).toBe(422);
    expect(sensor.json().errors).toEqual([
      { path: 'body.config.series.0.sensor_id', message: 'No sensor with this id' },
    ]);
    const gateway = await own.post(`/panels/${myPanel.id}/command_widgets`, {
      kind: 'button',
      gateway_id: ids.gateway,
      command_name: 'x',
    });
    expect(gateway.statusCode).toBe(422);
    const copy = await own.post(`/dashboards/${mine.id}/duplicate_dashboards`, {
      target_dashboard_id: ids.dashboard,
      panel_ids: [ids.panel],
    });
    expect(copy.statusCode).toBe(422);
    const layout = await own.put(`/dashboards/${mine.id}/panels/${myPanel.id}`, {
      name: 'Main',
      layout: [{ i: ids.widget, x: 0, y: 0, w: 1, h: 1 }],
    });
    expect(layout.statusCode).toBe(422);
    const share = await own.post(`/dashboard/${mine.id}/share`, { emails: ['insider@victim.test'] });
    expect(share.statusCode).toBe(422);
    expect(await victimSnapshot()).toEqual(before);
  });

  it('keeps share tokens and the hierarchy inside their organization', async () => {
    const own = dashClient(platform, intruder.orgId, intruder.token);
    const mine = await createDashboard(own, { name: 'Intruder board' });
    const myPanel = await createPanel(own, mine.id);
    const link = expectStatus(await own.post(`/dashboards/${mine.id}/export`, {}), 201).json();
    const intruderShare = (
      await sharedClient(platform, null).post(`/dashboards/${link.export.uuid}/verify`, {
        password: link.password,
      })
    ).json().token;
    const holder = sharedClient(platform, intruderShare);
    expect((await holder.get(`/dashboards/${ids.link}/`)).statusCode).toBe(403);
    expect((await holder.post(`/details/${ids.link}/panels/${ids.panel}`, {})).statusCode).toBe(403);
    expect((await holder.post(`/dashboards/${ids.link}/reports`, { format: 'png' })).statusCode).toBe(403);
    expect((await holder.post(`/details/${link.export.uuid}/panels/${ids.panel}`, {})).statusCode).toBe(404);
    expect(
      (await holder.get(`/details/${link.export.uuid}/panels/${myPanel.id}/widget_instances/${ids.widget}`))
        .statusCode,
    ).toBe(404);
    const batch = (panel: string) =>
      holder.post(`/details/${link.export.uuid}/panels/${panel}/widget_data`, {
        reads: [{ id: ids.widget }],
      });
    expect((await batch(ids.panel)).statusCode).toBe(404);
    // Through its own panel, the victim's widget is simply not one of the panel's.
    expect((await batch(myPanel.id)).json().results).toEqual([
      { id: ids.widget, error: { status: 404, title: 'Not found', detail: 'Widget instance was not found' } },
    ]);
    expect((await holder.get(`/orgs/${victimOrgId}/dashboards/${ids.dashboard}/hierarchy`)).statusCode).toBe(
      403,
    );
    expect(
      (await holder.get(`/orgs/${intruder.orgId}/dashboards/${ids.dashboard}/hierarchy`)).statusCode,
    ).toBe(403);
    // The intruder's member token reads no hierarchy of the victim's.
    const member = sharedClient(platform, intruder.token);
    expect((await member.get(`/orgs/${victimOrgId}/dashboards/${ids.dashboard}/hierarchy`)).statusCode).toBe(
      403,
    );
    expect(
      (await member.get(`/orgs/${intruder.orgId}/dashboards/${ids.dashboard}/hierarchy`)).statusCode,
    ).toBe(404);
    // The victim's share token is no key to the victim's member routes either.
    expect((await dashClient(platform, victimOrgId, victimShareToken).get('/dashboards')).statusCode).toBe(
      401,
    );
  });
});
