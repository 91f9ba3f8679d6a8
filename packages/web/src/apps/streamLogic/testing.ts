/** Test-only: node kinds, a chain fixture and a fake server for the Stream Logic app's calls. */
import { appPermissions, type NodeKind, type Permission, type Pipeline } from '@ferrite/contracts';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { meWith, ORG_ID } from '../../ui/testProfile';

export { meWith, ORG_ID };
export const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
export const CHAIN_ID = '22222222-2222-4222-8222-222222222222';
export const BASE = `/api/stream_process/${PROJECT_ID}`;
export const STREAM_ALL: Permission[] = [
  ...appPermissions('streamLogic'),
  'entityManager.view' as Permission,
];

const reading = (key: string, label: string, required?: boolean) => ({
  key,
  label,
  socket: { type: 'reading' as const },
  ...(required ? { required } : {}),
});

/** Four kinds as list_nodes serves them: a gateway source, a formula, a switch and a virtual-sensor sink. */
export const KINDS: NodeKind[] = [
  {
    type: 'gateway_telemetry',
    name: 'Gateway telemetry',
    category: 'source',
    description: 'Readings of a gateway',
    node_color: '#2b8a3e',
    logo: 'Router',
    logo_position: 'left',
    inputs: [],
    outputs: [reading('out', 'Out')],
    config_schema: {
      type: 'object',
      properties: { gateway_id: { type: 'string', title: 'Gateway', picker: 'gateway' } },
      required: ['gateway_id'],
    },
    default_config: { gateway_id: '' },
  },
  {
    type: 'formula',
    name: 'Formula',
    category: 'logic',
    description: 'Math on the value',
    node_color: '#1864ab',
    logo: 'Math',
    logo_position: 'left',
    inputs: [reading('in', 'In', true)],
    outputs: [reading('out', 'Out')],
    config_schema: {
      type: 'object',
      properties: {
        expression: { type: 'string', title: 'Expression', widget: 'expression' },
        decimals: { type: 'integer', title: 'Decimals', minimum: 0 },
        mode: { type: 'string', enum: ['expression', 'linear'], default: 'expression' },
        scope: {
          title: 'Which sensors',
          oneOf: [
            {
              type: 'object',
              title: 'Chosen sensors',
              properties: {
                kind: { type: 'string', const: 'sensors' },
                sensor_ids: { type: 'array', items: { type: 'string' }, picker: 'sensors', title: 'Sensors' },
              },
              required: ['kind', 'sensor_ids'],
            },
            {
              type: 'object',
              title: 'Under an asset',
              properties: {
                kind: { type: 'string', const: 'asset' },
                asset_id: { type: 'string', picker: 'asset', title: 'Asset' },
              },
              required: ['kind', 'asset_id'],
            },
          ],
        },
        keep_key: { type: 'boolean', title: 'Keep the key' },
      },
      required: ['expression'],
    },
    default_config: {
      expression: 'x * 1.8 + 32',
      mode: 'expression',
      scope: { kind: 'sensors', sensor_ids: [] },
    },
  },
  {
    type: 'switch',
    name: 'Switch',
    category: 'logic',
    description: 'Routes by condition',
    node_color: '#1864ab',
    logo: 'ArrowsSplit',
    logo_position: 'left',
    inputs: [reading('in', 'In', true)],
    outputs: [reading('otherwise', 'Otherwise')],
    dynamic_outputs: 'routes',
    config_schema: {
      type: 'object',
      properties: {
        routes: {
          type: 'array',
          title: 'Routes',
          items: {
            type: 'object',
            properties: {
              output: { type: 'string', title: 'Output' },
              when: { type: 'string', widget: 'expression' },
            },
            required: ['output', 'when'],
          },
        },
      },
    },
    default_config: { routes: [] },
  },
  {
    type: 'virtual_sensor',
    name: 'Virtual sensor',
    category: 'sink',
    description: 'Stores the value as telemetry',
    node_color: '#d9480f',
    logo: 'Gauge',
    logo_position: 'right',
    inputs: [reading('in', 'In', true)],
    outputs: [],
    config_schema: {
      type: 'object',
      properties: { sensor_id: { type: 'string', picker: 'sensor', title: 'Sensor' } },
    },
    default_config: { sensor_id: '' },
  },
];

/** A chain gateway → formula → virtual sensor at revision 3, with overrides. */
export function chainFixture(over: Partial<Pipeline> = {}): Pipeline {
  return {
    id: CHAIN_ID,
    project_id: PROJECT_ID,
    name: '°C to °F',
    description: 'Converts the bearing temperature',
    enabled: true,
    revision: 3,
    status: 'running',
    node_count: 3,
    updated_at: '2026-11-28T10:00:00.000Z',
    updated_by: { id: 'u1', name: 'Ada Admin' },
    created_at: '2026-11-27T10:00:00.000Z',
    debug_all: false,
    debug_nodes: [],
    actions: [
      {
        id: 'gw-1',
        type: 'gateway_telemetry',
        name: 'Pump gateway',
        config: { gateway_id: 'g1' },
        position: { x: 0, y: 0 },
      },
      {
        id: 'formula-1',
        type: 'formula',
        name: 'To °F',
        config: { expression: 'x * 1.8 + 32' },
        position: { x: 300, y: 0 },
      },
      {
        id: 'vs-1',
        type: 'virtual_sensor',
        name: 'Bearing °F',
        config: { sensor_id: 's1' },
        position: { x: 600, y: 0 },
      },
    ],
    connections: [
      { id: 'c-1', source: 'gw-1', source_output: 'out', target: 'formula-1', target_input: 'in' },
      { id: 'c-2', source: 'formula-1', source_output: 'out', target: 'vs-1', target_input: 'in' },
    ],
    ...over,
  };
}

type Reply = { status: number; body?: unknown };

/**
 * Serves GET /me and list_nodes; `routes` answers the rest ('GET /pipelines' keys, path after
 * /api/stream_process/{project}; other APIs by their full path); anything else is a 404.
 */
export function fakeStreamServer(
  routes: Record<string, Reply | ((req: SeenRequest) => Reply)>,
  permissions = STREAM_ALL,
) {
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: meWith(permissions) };
    if (req.path === '/api/stream_process/list_nodes') return { status: 200, body: { nodes: KINDS } };
    const key = `${req.method} ${req.path.replace(BASE, '')}`;
    const route = routes[key];
    if (route) return typeof route === 'function' ? route(req) : route;
    return { status: 404, body: { title: 'Not found', detail: key, status: 404 } };
  });
}

/**
 * jsdom lays nothing out; React Flow measures nodes with a ResizeObserver and their sizes, and edge
 * labels with getBBox. These stand-ins report every element as 200×80, so nodes and edges draw.
 */
export function installFlowShims() {
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback([{ target } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver),
      );
    }
    unobserve() {}
    disconnect() {}
  };
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: { configurable: true, get: () => 200 },
    offsetHeight: { configurable: true, get: () => 80 },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () =>
    ({ x: 0, y: 0, width: 20, height: 12 }) as DOMRect;
  globalThis.DOMMatrixReadOnly ??= class {
    m22 = 1;
  } as unknown as typeof DOMMatrixReadOnly;
}
