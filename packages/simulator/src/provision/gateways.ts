/** The IoT Manager side: gateways with their streaming parameters, timestamp mapping and mappings. */
import {
  type Gateway,
  type GatewayBody,
  type GatewayProtocol,
  type GatewayType,
  gatewaySchema,
  gatewayWithTokenSchema,
  type MappingBody,
} from '@ferrite/contracts';
import type { FerriteApi } from '../api';
import type { SimulatedGateway, SimulatorProtocol } from '../gateway';
import type { ParameterProfile } from '../parameters';
import { listAll, search } from './paging';

export const GATEWAY_NAME_PREFIX = 'Simulated gateway';

const KIND: Record<SimulatorProtocol, { type: GatewayType; protocol: GatewayProtocol }> = {
  mqtt: { type: 'MQTT', protocol: 'MQTT' },
  http: { type: 'HTTPS', protocol: 'HTTP' },
  coap: { type: 'HTTPS', protocol: 'CoAP' },
};

// Only what the simulator needs is checked, so unrelated changes to the gateway answer do not stop it.
const identitySchema = gatewaySchema.pick({
  uuid: true,
  name: true,
  topic: true,
  client_id: true,
  username: true,
});
const createdSchema = gatewayWithTokenSchema.pick({ access_token: true }).extend({ gateway: identitySchema });

const iot = (orgId: string) => `/iot_mgmt/orgs/${orgId}`;

/** The project's active gateways whose names start like the simulator's. */
export function simulatedGateways(api: FerriteApi, orgId: string, projectId: string): Promise<Gateway[]> {
  return listAll<Gateway>(
    api,
    `${iot(orgId)}/projects/${projectId}/gateways?${search(GATEWAY_NAME_PREFIX)}`,
    'gateways',
  );
}

/** The names of the project's active gateways that start like the simulator's. */
export async function simulatedGatewayNames(api: FerriteApi, orgId: string, projectId: string) {
  return (await simulatedGateways(api, orgId, projectId)).map((gateway) => gateway.name);
}

/**
 * Takes over an existing gateway: tokens are shown only once, so a restarted simulator issues a new
 * one (the old one stops working) and answers the gateway ready to drive.
 */
export async function reissueGateway(
  api: FerriteApi,
  orgId: string,
  uuid: string,
): Promise<SimulatedGateway> {
  const rotated = createdSchema.parse(await api.post(`${iot(orgId)}/gateways/${uuid}/access_token`, {}));
  return { ...rotated.gateway, access_token: rotated.access_token };
}

/** Creates a gateway whose payload fields are the parameter keys, and maps each to the sensor. */
export async function createGateway(
  api: FerriteApi,
  orgId: string,
  projectId: string,
  name: string,
  protocol: SimulatorProtocol,
  profiles: readonly ParameterProfile[],
  sensorId: string,
): Promise<SimulatedGateway> {
  const body: GatewayBody = {
    name,
    ...KIND[protocol],
    description: 'Created by the Ferrite device simulator',
    // Three missed heartbeats (sent every 10 s) mark it offline.
    heartbeat_timeout_s: 30,
    streaming_params: profiles.map((p) => ({ key: p.key, value: p.key, data_type: 'number', unit: p.unit })),
    timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
  };
  const created = createdSchema.parse(await api.post(`${iot(orgId)}/projects/${projectId}/gateways`, body));
  for (const profile of profiles) {
    const mapping: MappingBody = { json_path: profile.key, sensor_id: sensorId, param_key: profile.key };
    await api.post(`${iot(orgId)}/gateways/${created.gateway.uuid}/mappings`, mapping);
  }
  return { ...created.gateway, access_token: created.access_token, sensor_id: sensorId };
}

/** An existing gateway's topic, client id and user name, for driving it with a known token. */
export async function lookupGateway(
  api: FerriteApi,
  orgId: string,
  uuid: string,
  accessToken: string,
): Promise<SimulatedGateway> {
  const gateway = identitySchema.parse(await api.get(`${iot(orgId)}/gateways/${uuid}`));
  return { ...gateway, access_token: accessToken };
}
