/**
 * A gateway's connection details and credentials: what a device needs to reach Ferrite, defaulted
 * from the platform's public URL and ports when the form leaves them empty.
 */
import { defaultTopic, type GatewayBody, type GatewayProtocol } from '@ferrite/contracts';
import type { Config } from '../../../config';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/security/opaqueTokens';

/** Access tokens carry a prefix so a leaked one is recognisable (secret scanners, logs). */
export const GATEWAY_TOKEN_PREFIX = 'fgw_';

/** A new gateway access token, its hash to store and the hint to show. */
export function newGatewayToken(): { token: string; hash: string; hint: string } {
  const token = `${GATEWAY_TOKEN_PREFIX}${newOpaqueToken()}`;
  return { token, hash: hashOpaqueToken(token), hint: token.slice(-4) };
}

/** What the connection fields become; omitted identifiers keep `current` (on edit) or get defaults. */
export interface Connection {
  topic: string;
  client_id: string;
  username: string;
  host_name: string;
  port_info: string;
  path: string;
}

type Body = Pick<GatewayBody, 'topic' | 'client_id' | 'username' | 'host_name' | 'port_info' | 'path'> & {
  protocol: GatewayProtocol;
};

/** The default port a protocol is reached on. */
export function defaultPort(
  protocol: GatewayProtocol,
  config: Pick<Config, 'publicUrl' | 'mqttPort' | 'coapPort'>,
) {
  if (protocol === 'MQTT') return String(config.mqttPort);
  if (protocol === 'CoAP') return String(config.coapPort);
  const url = new URL(config.publicUrl);
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** The default path a protocol posts to (MQTT publishes on the topic). */
export function defaultPath(protocol: GatewayProtocol, gatewayId: string, topic: string): string {
  if (protocol === 'HTTP') return `/api/ingest/${gatewayId}`;
  if (protocol === 'CoAP') return `/ingest/${gatewayId}`;
  return topic;
}

/** Resolves the connection fields of a body for a new (current null) or existing gateway. */
export function resolveConnection(
  gatewayId: string,
  body: Body,
  current: Connection | null,
  config: Pick<Config, 'publicUrl' | 'mqttPort' | 'coapPort'>,
): Connection {
  const topic = body.topic ?? current?.topic ?? defaultTopic(gatewayId);
  const clientId = body.client_id ?? current?.client_id ?? `gw-${gatewayId.replaceAll('-', '').slice(0, 12)}`;
  return {
    topic,
    client_id: clientId,
    username: body.username ?? current?.username ?? clientId,
    host_name: body.host_name || new URL(config.publicUrl).hostname,
    port_info: body.port_info || defaultPort(body.protocol, config),
    path: body.path || defaultPath(body.protocol, gatewayId, topic),
  };
}
