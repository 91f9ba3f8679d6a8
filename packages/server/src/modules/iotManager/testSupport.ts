/** Test helpers for the IoT Manager: an API client, a project with sensors to map, gateways by API. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, signInToOrg } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';
import {
  addOrgWithAdmin,
  addProject,
  createEntity,
  createType,
  entityManagerClient,
} from '../entityManager/testSupport';

type Query = Record<string, string | number | boolean>;

export interface IotClient {
  get(path: string, query?: Query): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
  /** POSTs raw bytes as application/octet-stream. */
  upload(path: string, bytes: Buffer, query: Query): Promise<LightMyRequestResponse>;
}

/** Calls /api/iot_mgmt/orgs/{orgId}/… with a bearer token. */
export function iotClient(platform: TestPlatform, orgId: string, token: string): IotClient {
  const url = (path: string) => `/api/iot_mgmt/orgs/${orgId}${path}`;
  const headers = bearer(token);
  const query = (values?: Query) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    get: (path, values) =>
      platform.app.inject({ method: 'GET', url: url(path), headers, query: query(values) }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path) => platform.app.inject({ method: 'DELETE', url: url(path), headers }),
    upload: (path, bytes, values) =>
      platform.app.inject({
        method: 'POST',
        url: url(path),
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        query: query(values),
        payload: bytes,
      }),
  };
}

/** An organization with the IoT Manager, its admin's client and one project, as one tenant of a test. */
export async function addIotTenant(
  platform: TestPlatform,
  slug: string,
): Promise<{ orgId: string; iot: IotClient; projectId: string }> {
  const { orgId, token } = await addOrgWithAdmin(platform, `${slug}-${randomUUID().slice(0, 6)}`, [
    'iotManager',
  ]);
  return {
    orgId,
    iot: iotClient(platform, orgId, token),
    projectId: await addProject(platform, orgId, 'Line'),
  };
}

/** The demo admin signed in: the organization id, a token and an IoT Manager client. */
export async function demoAdmin(platform: TestPlatform) {
  const session = await signInToOrg(platform.app);
  return {
    orgId: session.org_id,
    token: session.access_token,
    iot: iotClient(platform, session.org_id, session.access_token),
  };
}

/**
 * A project with an asset "Line 1" holding sensors "Boiler" (temperature, pressure) and "Pump" (flow),
 * made through the Entity Manager API; answers every id.
 */
export async function projectWithSensors(
  platform: TestPlatform,
  orgId: string,
  token: string,
  name = 'Plant',
) {
  const em = entityManagerClient(platform, orgId, token);
  const projectId = await addProject(platform, orgId, name);
  const assetType = await createType(em, 'asset', { name: `${name} line` });
  const baseType = await createType(em, 'sensor', {
    name: `${name} thermal`,
    parameters: [{ key: 'temperature', data_type: 'number', unit: '°C' }],
  });
  const boilerType = await createType(em, 'sensor', {
    name: `${name} boiler`,
    parent_type_id: baseType,
    parameters: [{ key: 'pressure', data_type: 'number', unit: 'bar' }],
  });
  const pumpType = await createType(em, 'sensor', {
    name: `${name} pump`,
    parameters: [{ key: 'flow', data_type: 'number', unit: 'l/min' }],
  });
  const line = await createEntity(em, projectId, 'asset', { name: 'Line 1', type_id: assetType });
  const boiler = await createEntity(em, projectId, 'sensor', {
    name: 'Boiler',
    type_id: boilerType,
    parent_id: line,
  });
  const pump = await createEntity(em, projectId, 'sensor', {
    name: 'Pump',
    type_id: pumpType,
    parent_id: line,
  });
  return { projectId, line, boiler, pump };
}

/** A minimal valid gateway body. */
export function gatewayBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, type: 'MQTT', protocol: 'MQTT', ...extra };
}

/** Creates a gateway through the API; answers the 201 body (fails the test otherwise). */
export async function createGateway(
  iot: IotClient,
  projectId: string,
  body: Record<string, unknown>,
): Promise<{ gateway: { id: string; [key: string]: unknown }; access_token: string }> {
  const response = await iot.post(`/projects/${projectId}/gateways`, body);
  if (response.statusCode !== 201)
    throw new Error(`create gateway answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The paths of a problem's field errors. */
export function errorPaths(response: LightMyRequestResponse): string[] {
  const body = response.json() as { errors?: { path: string }[] };
  return (body.errors ?? []).map((error) => error.path);
}

/** Events the realtime hub emitted while the test ran, as [room, event, payload]. */
export function captureEvents(platform: TestPlatform): {
  events: [string, string, unknown][];
  stop: () => void;
} {
  const events: [string, string, unknown][] = [];
  const stop = platform.deps.realtime.listen((room, event, payload) => {
    events.push([room, event, payload]);
  });
  return { events, stop };
}
