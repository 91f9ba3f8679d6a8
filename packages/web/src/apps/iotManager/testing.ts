/** Test-only: a gateway fixture, the IoT permissions and a fake server for the IoT Manager calls. */
import { appPermissions, type Gateway, type MeResponse, type Permission } from '@ferrite/contracts';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { meWith, ORG_ID } from '../../ui/testProfile';

export { meWith, ORG_ID };

export const PROJECT_ID = '6c0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a44';
export const GATEWAY_ID = '2a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a01';
export const BASE = `/api/iot_mgmt/orgs/${ORG_ID}`;

export const IOT_ALL: Permission[] = appPermissions('iotManager');

/** A saved gateway; override what a test cares about. */
export function gatewayFixture(overrides: Partial<Gateway> = {}): Gateway {
  return {
    id: GATEWAY_ID,
    uuid: GATEWAY_ID,
    org_id: ORG_ID,
    project_id: PROJECT_ID,
    name: 'Boiler edge',
    type: 'HTTPS',
    protocol: 'HTTP',
    channel: '',
    parent: null,
    description: '',
    topic: `ferrite/${GATEWAY_ID}`,
    topic_available: true,
    client_id: 'gw-2a0f1f7e4a55',
    username: 'gw-2a0f1f7e4a55',
    host_name: 'localhost',
    port_info: '8080',
    path: `/api/ingest/${GATEWAY_ID}`,
    status: 'offline',
    last_seen_at: null,
    heartbeat_timeout_s: 60,
    access_token_hint: 'x9Qz',
    access_token_rotated_at: '2026-05-01T10:00:00.000Z',
    static_params: [],
    streaming_params: [],
    timestamp_mapping: { field: null, format: 'iso8601' },
    mapped_count: 0,
    created_at: '2026-05-01T10:00:00.000Z',
    archived_at: null,
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };

/**
 * Serves GET /me with the given permissions; `routes` answers the rest ('GET /path' keys, path after
 * /api/iot_mgmt/orgs/{org}); anything else is a 404. Every request is recorded in `calls`.
 */
export function fakeIotServer(
  routes: Record<string, Reply | ((req: SeenRequest) => Reply)>,
  me: MeResponse = meWith(IOT_ALL),
) {
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: me };
    const key = `${req.method} ${req.path.replace(BASE, '')}`;
    const route = routes[key];
    if (route) return typeof route === 'function' ? route(req) : route;
    return { status: 404, body: { title: 'Not found', detail: key, status: 404 } };
  });
}
