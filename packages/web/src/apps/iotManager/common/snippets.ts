/**
 * Copy-and-paste connection lines for a gateway (contracts deviceProtocol.ts): a sample reading built
 * from its streaming parameters, and mosquitto_pub, curl and coap-client commands that send it.
 */
import {
  type Gateway,
  type GatewayProtocol,
  MQTT_COMMANDS_SUFFIX,
  MQTT_HEARTBEAT_SUFFIX,
  PROTOCOLS_OF_TYPE,
  parseJsonPath,
} from '@ferrite/contracts';

/** The shell variable the snippets read the access token from. */
export const TOKEN_VAR = 'GATEWAY_TOKEN';
const COAP_DEFAULT_PORT = '5683';

const SAMPLES: Record<string, unknown> = { number: 21.5, integer: 42, boolean: true, string: 'ok' };

/** Sets a value at a parsed JSON path, creating objects and arrays on the way. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parsed = parseJsonPath(path);
  if ('error' in parsed) return;
  let node: Record<string | number, unknown> = target;
  parsed.steps.forEach((step, i) => {
    const last = i === parsed.steps.length - 1;
    if (last) {
      node[step] = value;
      return;
    }
    const next = parsed.steps[i + 1];
    if (typeof node[step] !== 'object' || node[step] === null)
      node[step] = typeof next === 'number' ? [] : {};
    node = node[step] as Record<string | number, unknown>;
  });
}

/** One reading as the gateway's streaming parameters describe it (path → sample value), with its timestamp. */
export function samplePayload(
  gateway: Pick<Gateway, 'streaming_params' | 'timestamp_mapping'>,
): Record<string, unknown> {
  const reading: Record<string, unknown> = {};
  for (const param of gateway.streaming_params) {
    setAt(reading, param.value || param.key, SAMPLES[param.data_type] ?? 1);
  }
  if (Object.keys(reading).length === 0) Object.assign(reading, { temp: 21.5, hum: 40 });
  const { field, format } = gateway.timestamp_mapping;
  if (field) {
    const now = Date.now();
    setAt(
      reading,
      field,
      format === 'epoch_s'
        ? Math.floor(now / 1000)
        : format === 'epoch_ms'
          ? now
          : new Date(now).toISOString(),
    );
  }
  return reading;
}

/** Quotes a text for a POSIX shell. */
const sh = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The page's own origin scheme for this server, https for any other host. */
function httpScheme(host: string, port: string): string {
  if (port === '443') return 'https';
  if (typeof window !== 'undefined' && host === window.location.hostname)
    return window.location.protocol.replace(':', '');
  return 'https';
}

const withPort = (host: string, port: string, scheme: string) =>
  !port || (scheme === 'https' && port === '443') || (scheme === 'http' && port === '80')
    ? host
    : `${host}:${port}`;

export interface Snippet {
  protocol: GatewayProtocol;
  /** What the lines do, for the tab's caption. */
  caption: string;
  code: string;
}

/** The lines for each protocol the gateway's type speaks (MQTT; or HTTP and CoAP). */
export function connectionSnippets(gateway: Gateway): Snippet[] {
  const reading = JSON.stringify(samplePayload(gateway));
  const exportLine = `export ${TOKEN_VAR}='<paste the access token>'`;
  const host = gateway.host_name || (typeof window !== 'undefined' ? window.location.hostname : 'localhost');
  return PROTOCOLS_OF_TYPE[gateway.type].map((protocol): Snippet => {
    const own = protocol === gateway.protocol;
    if (protocol === 'MQTT') {
      const auth = `-h ${host} -p ${gateway.port_info || '1883'} -i ${sh(gateway.client_id)} -u ${sh(gateway.username)} -P "$${TOKEN_VAR}"`;
      return {
        protocol,
        caption: 'Publish a reading and a heartbeat, and listen for commands (mosquitto clients).',
        code: [
          exportLine,
          `mosquitto_pub ${auth} -t ${sh(gateway.topic)} -m ${sh(reading)}`,
          `mosquitto_pub ${auth} -t ${sh(`${gateway.topic}${MQTT_HEARTBEAT_SUFFIX}`)} -m '{}'`,
          `mosquitto_sub ${auth.replace(`-i ${sh(gateway.client_id)}`, `-i ${sh(`${gateway.client_id}-sub`)}`)} -t ${sh(`${gateway.topic}${MQTT_COMMANDS_SUFFIX}`)}`,
        ].join('\n'),
      };
    }
    if (protocol === 'HTTP') {
      const origin =
        own && gateway.host_name
          ? (() => {
              const scheme = httpScheme(gateway.host_name, gateway.port_info);
              return `${scheme}://${withPort(gateway.host_name, gateway.port_info, scheme)}`;
            })()
          : typeof window !== 'undefined'
            ? window.location.origin
            : '';
      const url = `${origin}${own && gateway.path ? gateway.path : `/api/ingest/${gateway.uuid}`}`;
      const bearer = `-H "Authorization: Bearer $${TOKEN_VAR}"`;
      return {
        protocol,
        caption: 'Post a reading and a heartbeat, and poll for commands (curl).',
        code: [
          exportLine,
          `curl -X POST ${sh(url)} ${bearer} -H 'Content-Type: application/json' -d ${sh(reading)}`,
          `curl -X POST ${sh(`${url}/heartbeat`)} ${bearer}`,
          `curl ${sh(`${url}/commands`)} ${bearer}`,
        ].join('\n'),
      };
    }
    const port = own && gateway.port_info ? gateway.port_info : COAP_DEFAULT_PORT;
    const path = own && gateway.path ? gateway.path : `/ingest/${gateway.uuid}`;
    const url = `coap://${host}:${port}${path}`;
    return {
      protocol,
      caption:
        'Post a reading and a heartbeat over CoAP (libcoap’s coap-client); the token goes in the query.',
      code: [
        exportLine,
        `coap-client -m post -t application/json -e ${sh(reading)} "${url}?token=$${TOKEN_VAR}"`,
        `coap-client -m post "${url}/heartbeat?token=$${TOKEN_VAR}"`,
      ].join('\n'),
    };
  });
}
