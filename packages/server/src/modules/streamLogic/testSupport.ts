/**
 * Test helpers for Stream Logic: an API client for /api/stream_process, chain graphs built from the
 * registry's node kinds (each node starts from its kind's default config), a chain created through the
 * API, and a tenant with a project of sensors to point chains at. Other parts' tests import these.
 */
import type {
  ChainConnection,
  ChainGraph,
  ChainNode,
  CreatePipelineBody,
  Pipeline,
} from '@ferrite/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';
import { demoAdmin, projectWithSensors } from '../iotManager/testSupport';
import { nodeKind } from './nodes/registry';

type Query = Record<string, string | number | boolean>;

export interface StreamClient {
  get(path: string, query?: Query): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(path: string, payload: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

/** Calls /api/stream_process/… with a bearer token (the organization is the token's). */
export function streamClient(platform: TestPlatform, token: string): StreamClient {
  const url = (path: string) => `/api/stream_process${path}`;
  const headers = bearer(token);
  const query = (values?: Query) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    get: (path, values) =>
      platform.app.inject({ method: 'GET', url: url(path), headers, query: query(values) }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    patch: (path, payload) => platform.app.inject({ method: 'PATCH', url: url(path), headers, payload }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path) => platform.app.inject({ method: 'DELETE', url: url(path), headers }),
  };
}

let placed = 0;

/**
 * A node of a registered kind: its kind's default config with `config` merged over it, named after
 * the kind unless `extra.name` says otherwise. Throws for a type the registry does not know.
 */
export function chainNode(
  id: string,
  type: string,
  config: Record<string, unknown> = {},
  extra: Partial<Omit<ChainNode, 'id' | 'type' | 'config'>> = {},
): ChainNode {
  const kind = nodeKind(type);
  if (!kind) throw new Error(`no node kind ${type} in the registry`);
  placed += 1;
  return {
    id,
    type,
    name: kind.name,
    config: { ...(kind.defaultConfig as Record<string, unknown>), ...config },
    position: { x: 240 * (placed % 5), y: 120 * Math.floor(placed / 5) },
    ...extra,
  };
}

/**
 * A connection `[source, target, output?, input?]`; without output or input it joins the source's
 * first output to the target's first input (of the nodes' kinds).
 */
export type Link = [source: string, target: string, output?: string, input?: string];

/** A graph of the nodes joined by the links (connection ids `c1`, `c2`, …). */
export function chainGraph(actions: ChainNode[], links: Link[] = []): ChainGraph {
  const typeOf = new Map(actions.map((node) => [node.id, node.type]));
  const connections: ChainConnection[] = links.map(([source, target, output, input], index) => {
    const from = nodeKind(typeOf.get(source) ?? '');
    const to = nodeKind(typeOf.get(target) ?? '');
    return {
      id: `c${index + 1}`,
      source,
      source_output: output ?? from?.outputs[0]?.key ?? 'out',
      target,
      target_input: input ?? to?.inputs[0]?.key ?? 'in',
    };
  });
  return { actions, connections };
}

/**
 * A valid chain body on one sensor: its readings (sensor_telemetry) through a formula (°C → °F: 1.8 · x + 32, as temperature_f) into a
 * virtual sensor written on `targetSensorId` (the same sensor unless given). `config` overrides a
 * node's config by node id (`source`, `formula`, `sink`).
 */
export function validChain(
  sensorId: string,
  options: {
    name?: string;
    enabled?: boolean;
    targetSensorId?: string;
    config?: Partial<Record<'source' | 'formula' | 'sink', Record<string, unknown>>>;
  } = {},
): CreatePipelineBody & ChainGraph {
  const graph = chainGraph(
    [
      chainNode('source', 'sensor_telemetry', {
        scope: { kind: 'sensors', sensor_ids: [sensorId] },
        ...options.config?.source,
      }),
      chainNode('formula', 'formula', {
        mode: 'linear',
        m: 1.8,
        c: 32,
        out_key: 'temperature_f',
        ...options.config?.formula,
      }),
      chainNode('sink', 'virtual_sensor', {
        sensor_id: options.targetSensorId ?? sensorId,
        param_key: 'temperature_f',
        ...options.config?.sink,
      }),
    ],
    [
      ['source', 'formula'],
      ['formula', 'sink'],
    ],
  );
  return {
    name: options.name ?? `Fahrenheit ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Celsius to Fahrenheit',
    enabled: options.enabled ?? false,
    ...graph,
  };
}

/** Creates a chain through the API; answers the 201 body (fails the test otherwise). */
export async function createChain(
  client: StreamClient,
  projectId: string,
  body: CreatePipelineBody,
): Promise<Pipeline> {
  const response = await client.post(`/${projectId}/pipelines`, body);
  if (response.statusCode !== 201)
    throw new Error(`create chain answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/**
 * The demo admin with a fresh project of sensors (asset "Line 1" holding "Boiler" and "Pump") and a
 * Stream Logic client: what most chain tests start from.
 */
export async function streamTenant(platform: TestPlatform, projectName = 'Stream plant') {
  const admin = await demoAdmin(platform);
  const plant = await projectWithSensors(platform, admin.orgId, admin.token, projectName);
  return { ...admin, ...plant, stream: streamClient(platform, admin.token) };
}
