/** Test-only: an alert fixture and a fake server for the Alerts app's calls. */
import { type Alert, appPermissions, type MeResponse, type Permission } from '@ferrite/contracts';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { meWith, ORG_ID } from '../../ui/testProfile';

export { meWith, ORG_ID };
export const BASE = `/api/alert/orgs/${ORG_ID}`;
export const ALERTS_ALL: Permission[] = appPermissions('alerts');
export const SENSOR_ID = '5d1e8c2a-1b3f-4c6d-9e7f-0a1b2c3d4e5f';

let next = 0;
/** An active critical alert of the bearing rule on P-101, with overrides. */
export function alertFixture(over: Partial<Alert> = {}): Alert {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id,
    alert_rule: { id: 'aaaaaaaa-0000-4000-8000-000000000001', rule_name: 'Bearing too hot' },
    time: '2026-01-01T10:00:00.000Z',
    app: 'alerts',
    status: 'active',
    archived: false,
    communication_medium: ['in_app'],
    recipients: ['Ada Admin'],
    severity: 'critical',
    policy_name: 'Default',
    description: 'P-101 bearing temperature = 91, threshold > 80',
    entity: { kind: 'sensor', id: SENSOR_ID, name: 'P-101 bearing', path: 'Plant / Hall A / P-101' },
    param_key: 'temperature',
    value: 91,
    triggered_at: '2026-01-01T09:59:58.000Z',
    threshold: '> 80',
    acknowledged_at: null,
    acknowledged_by: null,
    cleared_at: null,
    resolved_at: null,
    assignee: null,
    snoozed_until: null,
    comments: 0,
    updated_at: '2026-01-01T10:00:00.000Z',
    ...over,
  };
}

type Reply = { status: number; body?: unknown };

/**
 * Serves GET /me with the given permissions; `routes` answers the rest ('GET /path' keys, path after
 * /api/alert/orgs/{org}; other APIs by their full path); anything else is a 404.
 */
export function fakeAlertsServer(
  routes: Record<string, Reply | ((req: SeenRequest) => Reply)>,
  me: MeResponse = meWith(ALERTS_ALL),
) {
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: me };
    const key = `${req.method} ${req.path.replace(BASE, '')}`;
    const route = routes[key];
    if (route) return typeof route === 'function' ? route(req) : route;
    return { status: 404, body: { title: 'Not found', detail: key, status: 404 } };
  });
}
