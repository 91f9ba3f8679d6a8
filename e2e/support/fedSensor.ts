/**
 * A plant of one's own for a journey: a fresh project with one sensor fed by an HTTPS gateway that
 * maps one JSON field onto it, and what a device on that gateway does (post a reading with its token).
 */
import type { GatewayWithToken } from '@ferrite/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiSession, apiPoster } from './session';

/** A unique suffix for the names a journey creates. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export interface FedSensor {
  projectId: string;
  projectName: string;
  sensorId: string;
  sensorName: string;
  gatewayUuid: string;
  gatewayName: string;
  token: string;
  /** The parameter (and JSON field) the device sends. */
  param: string;
}

/** What the plant is called and measures. */
export interface FedSensorSpec {
  projectName: string;
  sensorName: string;
  gatewayName: string;
  typeName: string;
  param: { key: string; unit: string };
}

/** Creates the project, the sensor type and sensor, and an HTTPS gateway mapping `param.key` onto it. */
export async function createFedSensor(
  request: APIRequestContext,
  session: ApiSession,
  spec: FedSensorSpec,
): Promise<FedSensor> {
  const { post, at } = apiPoster(request, session);
  const project = await post<{ id: string }>(at('role_mgmt', '/projects'), {
    name: spec.projectName,
    description: 'Made by a browser journey',
  });
  const type = await post<{ id: string }>(at('entity_mgmt', '/sensor_types'), {
    name: spec.typeName,
    parameters: [{ key: spec.param.key, data_type: 'number', unit: spec.param.unit }],
  });
  const sensor = await post<{ id: string }>(at('entity_mgmt', `/projects/${project.id}/sensors`), {
    name: spec.sensorName,
    type_id: type.id,
  });
  const gateway = await post<GatewayWithToken>(at('iot_mgmt', `/projects/${project.id}/gateways`), {
    name: spec.gatewayName,
    type: 'HTTPS',
    protocol: 'HTTP',
    heartbeat_timeout_s: 300,
    timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
  });
  await post(at('iot_mgmt', `/gateways/${gateway.gateway.uuid}/mappings`), {
    json_path: spec.param.key,
    sensor_id: sensor.id,
    param_key: spec.param.key,
  });
  return {
    projectId: project.id,
    projectName: spec.projectName,
    sensorId: sensor.id,
    sensorName: spec.sensorName,
    gatewayUuid: gateway.gateway.uuid,
    gatewayName: spec.gatewayName,
    token: gateway.access_token,
    param: spec.param.key,
  };
}

/** What a device on HTTPS does: one reading posted to its gateway's ingest URL with its token. */
export async function deviceSends(request: APIRequestContext, fed: FedSensor, value: number): Promise<void> {
  const response = await request.post(`/api/ingest/${fed.gatewayUuid}`, {
    headers: { Authorization: `Bearer ${fed.token}` },
    data: { ts: Date.now(), [fed.param]: value },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
