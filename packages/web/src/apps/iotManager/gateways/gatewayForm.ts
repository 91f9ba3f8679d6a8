/**
 * The gateway editor's form: its fields as strings, the body they make, and the contract's own
 * messages for what is wrong (gatewayBodySchema), so the drawer and the server say the same thing.
 */
import {
  DEFAULT_HEARTBEAT_TIMEOUT_S,
  type Gateway,
  type GatewayBody,
  type GatewayProtocol,
  type GatewayType,
  gatewayBodySchema,
  PROTOCOLS_OF_TYPE,
} from '@ferrite/contracts';

export interface GatewayForm {
  name: string;
  description: string;
  type: GatewayType;
  protocol: GatewayProtocol;
  channel: string;
  parent_id: string | null;
  topic: string;
  client_id: string;
  username: string;
  host_name: string;
  port_info: string;
  path: string;
  heartbeat_timeout_s: number | string;
}

export const EMPTY_GATEWAY_FORM: GatewayForm = {
  name: '',
  description: '',
  type: 'MQTT',
  protocol: 'MQTT',
  channel: '',
  parent_id: null,
  topic: '',
  client_id: '',
  username: '',
  host_name: '',
  port_info: '',
  path: '',
  heartbeat_timeout_s: DEFAULT_HEARTBEAT_TIMEOUT_S,
};

/** The form of an existing gateway. */
export function formOf(gateway: Gateway): GatewayForm {
  return {
    name: gateway.name,
    description: gateway.description,
    type: gateway.type,
    protocol: gateway.protocol,
    channel: gateway.channel,
    parent_id: gateway.parent?.id ?? null,
    topic: gateway.topic,
    client_id: gateway.client_id,
    username: gateway.username,
    host_name: gateway.host_name,
    port_info: gateway.port_info,
    path: gateway.path,
    heartbeat_timeout_s: gateway.heartbeat_timeout_s,
  };
}

/** A type change keeps the protocol when the new type speaks it, else takes the type's first one. */
export function withType(form: GatewayForm, type: GatewayType): GatewayForm {
  const protocols = PROTOCOLS_OF_TYPE[type];
  const protocol = protocols.includes(form.protocol) ? form.protocol : (protocols[0] ?? 'MQTT');
  // Host, port and path default per protocol on the server: a new gateway's stale ones would mislead.
  return { ...form, type, protocol };
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

/**
 * The PUT/POST body: blank identifiers are left out (the server generates them on create and keeps
 * them on edit); the parameters and timestamp mapping come from the gateway being edited, if any.
 */
export function bodyOf(form: GatewayForm, gateway?: Gateway | null): GatewayBody {
  return {
    name: form.name,
    description: form.description,
    type: form.type,
    protocol: form.protocol,
    channel: form.channel,
    parent_id: form.parent_id,
    topic: optional(form.topic),
    client_id: optional(form.client_id),
    username: optional(form.username),
    host_name: form.host_name,
    port_info: form.port_info,
    path: form.path,
    heartbeat_timeout_s: Number(form.heartbeat_timeout_s),
    static_params: gateway?.static_params ?? [],
    streaming_params: gateway?.streaming_params ?? [],
    timestamp_mapping: gateway?.timestamp_mapping ?? { field: null, format: 'iso8601' },
  };
}

/**
 * The whole body of a saved gateway with some fields changed (the parameter and mapping tabs). The
 * topic is left out, which keeps it: one saved before today's topic rules still lets these tabs save.
 */
export function gatewayBody(gateway: Gateway, changes: Partial<GatewayBody> = {}): GatewayBody {
  const { topic: _kept, ...body } = bodyOf(formOf(gateway), gateway);
  return { ...body, ...changes };
}

/** Messages by field ('name', 'protocol', 'heartbeat_timeout_s'…); empty when the body is valid. */
export function validateGatewayBody(body: GatewayBody): Record<string, string> {
  const result = gatewayBodySchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
