/** The command line: options, their defaults and checks, with a clear message for each mistake. */
import { parseArgs } from 'node:util';
import { DEMO_ADMIN } from './defaults';
import { DEFAULT_ENDPOINTS } from './fleet';
import { SIMULATOR_PROTOCOLS, type SimulatorProtocol } from './gateway';
import { MAX_PARAMS } from './parameters';

export interface CliOptions {
  help: boolean;
  url: string;
  email: string;
  password: string;
  org: string | undefined;
  project: string | undefined;
  /** How many gateways to create (ignored when `existing` is not empty). */
  gateways: number;
  /** Gateways to drive instead of creating any: `--gateway <uuid>:<token>`. */
  existing: { uuid: string; token: string }[];
  /** Readings per second per gateway. */
  rate: number;
  protocol: SimulatorProtocol;
  mqttUrl: string;
  coapUrl: string;
  /** Seconds; undefined runs until Ctrl+C. */
  duration: number | undefined;
  params: number;
  batch: number;
  seed: string;
}

/** A mistake on the command line; the message says which option and why. */
export class ArgError extends Error {
  override name = 'ArgError';
}

export const USAGE = `Usage: npm run simulate -- [options]

Creates gateways through the Ferrite API (or drives existing ones) and publishes industrial telemetry.

  --protocol mqtt|http|coap   transport (default mqtt)
  --gateways N                gateways to create, "Simulated gateway NN" (default 5)
  --gateway <uuid>:<token>    drive an existing gateway instead (repeatable)
  --rate R                    readings per second per gateway (default 1; decimals allowed)
  --batch B                   readings per message: 1 sends an object, more an array (default 1)
  --params P                  parameters per reading, 1–${MAX_PARAMS} (default 4: temperature, humidity, pressure, vibration)
  --duration S                stop after S seconds (default: until Ctrl+C)
  --seed TEXT                 same seed, same values (default ferrite)
  --url URL                   Ferrite base URL (default ${DEFAULT_ENDPOINTS.url})
  --mqtt-url URL              MQTT broker (default ${DEFAULT_ENDPOINTS.mqttUrl})
  --coap-url URL              CoAP endpoint (default ${DEFAULT_ENDPOINTS.coapUrl})
  --email, --password         account that creates the gateways (default the demo admin)
  --org NAME|ID               organization (default the account's first)
  --project NAME|ID           project (default the first active one)
  -h, --help                  this text
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses `argv` (without node and script); throws ArgError on the first mistake. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const values = parseRaw(argv);
  const text = (name: string, fallback: string): string => {
    const value = values[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || value.trim() === '') throw new ArgError(`--${name} needs a value`);
    return value.trim();
  };
  const optionalText = (name: string) => (values[name] === undefined ? undefined : text(name, ''));

  const existing = ((values.gateway as string[] | undefined) ?? []).map(parseGatewayArg);
  const uuids = new Set(existing.map((g) => g.uuid.toLowerCase()));
  if (uuids.size < existing.length) throw new ArgError('--gateway names the same gateway twice');
  if (existing.length > 0 && values.gateways !== undefined) {
    throw new ArgError(
      '--gateways creates new gateways and --gateway drives existing ones: give one or the other',
    );
  }

  const protocol = text('protocol', 'mqtt').toLowerCase();
  if (!(SIMULATOR_PROTOCOLS as readonly string[]).includes(protocol)) {
    throw new ArgError(`--protocol must be mqtt, http or coap, not "${values.protocol}"`);
  }

  return {
    help: values.help === true,
    url: url('url', text('url', DEFAULT_ENDPOINTS.url), ['http:', 'https:']),
    email: text('email', DEMO_ADMIN.email),
    password: text('password', DEMO_ADMIN.password),
    org: optionalText('org'),
    project: optionalText('project'),
    gateways: integer('gateways', text('gateways', '5'), 1, 1_000),
    existing,
    rate: number('rate', text('rate', '1'), 10_000),
    protocol: protocol as SimulatorProtocol,
    mqttUrl: url('mqtt-url', text('mqtt-url', DEFAULT_ENDPOINTS.mqttUrl), ['mqtt:', 'mqtts:', 'ws:', 'wss:']),
    coapUrl: url('coap-url', text('coap-url', DEFAULT_ENDPOINTS.coapUrl), ['coap:']),
    duration:
      values.duration === undefined ? undefined : number('duration', text('duration', ''), 31_536_000),
    params: integer('params', text('params', '4'), 1, MAX_PARAMS),
    batch: integer('batch', text('batch', '1'), 1, 1_000),
    seed: text('seed', 'ferrite'),
  };
}

function parseRaw(argv: readonly string[]): Record<string, string | boolean | string[] | undefined> {
  const string = { type: 'string' } as const;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        url: string,
        email: string,
        password: string,
        org: string,
        project: string,
        gateways: string,
        gateway: { type: 'string', multiple: true },
        rate: string,
        protocol: string,
        'mqtt-url': string,
        'coap-url': string,
        duration: string,
        params: string,
        batch: string,
        seed: string,
      },
    });
    if (positionals.length > 0) throw new ArgError(`Unexpected argument "${positionals[0]}"`);
    return values;
  } catch (error) {
    if (error instanceof ArgError) throw error;
    // node:util's messages are long and name the fix for a different problem; keep the first sentence.
    const message = (error as Error).message.split(/\.(?:\s|$)/)[0]!.replace(/'/g, '"');
    throw new ArgError(
      message
        .replace(/^Option "(--[\w-]+)(?: <value>)?" argument missing$/, '$1 needs a value')
        .replace(
          /^Option "(--[\w-]+)" argument is ambiguous$/,
          '$1 needs a value (write $1=<value> when it starts with -)',
        ),
    );
  }
}

function parseGatewayArg(value: string): { uuid: string; token: string } {
  // A uuid never holds a colon, so everything after the first one is the token.
  const colon = value.indexOf(':');
  const uuid = colon < 0 ? value : value.slice(0, colon);
  const token = colon < 0 ? '' : value.slice(colon + 1);
  if (!UUID.test(uuid)) throw new ArgError(`--gateway takes <uuid>:<token>; "${uuid}" is not a uuid`);
  if (!token) throw new ArgError(`--gateway ${uuid} has no access token (expected <uuid>:<token>)`);
  return { uuid, token };
}

function number(name: string, value: string, max: number): number {
  const parsed = Number(value);
  if (value === '' || !Number.isFinite(parsed) || parsed <= 0 || parsed > max) {
    throw new ArgError(`--${name} must be a number above 0 and at most ${max}, not "${value}"`);
  }
  return parsed;
}

function integer(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new ArgError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return parsed;
}

function url(name: string, value: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ArgError(`--${name} must be a URL like ${protocols[0]}//host:port, not "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ArgError(
      `--${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, not "${value}"`,
    );
  }
  return value.replace(/\/$/, '');
}
