/**
 * Test-only: the Dashboards permissions and a fake server for the app's calls, with the dashboard
 * fixtures of the canvas (widgets/canvas/testing.ts).
 */
import { appPermissions, type MeResponse, type Permission } from '@ferrite/contracts';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { meWith, ORG_ID } from '../../ui/testProfile';

export {
  DASHBOARD_ID,
  dashboardFixture,
  instanceFixture,
  PANEL_ID,
  panelFixture,
  SENSOR_ID,
  WIDGET_ID,
} from '../../widgets/canvas/testing';
export { meWith, ORG_ID };

export const BASE = `/api/dash_mgmt/orgs/${ORG_ID}`;

export const DASH_ALL: Permission[] = appPermissions('dashboards');

type Reply = { status: number; body?: unknown };

/**
 * Serves GET /me with the given permissions; `routes` answers the rest ('GET /path' keys, path after
 * /api/dash_mgmt/orgs/{org}); anything else is a 404. Every request is recorded in `calls`.
 */
export function fakeDashServer(
  routes: Record<string, Reply | ((req: SeenRequest) => Reply)>,
  me: MeResponse = meWith(DASH_ALL),
) {
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: me };
    const key = `${req.method} ${req.path.replace(BASE, '')}`;
    const route = routes[key];
    if (route) return typeof route === 'function' ? route(req) : route;
    return { status: 404, body: { title: 'Not found', detail: key, status: 404 } };
  });
}
