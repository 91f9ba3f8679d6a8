/** Environment → typed configuration; every default is the embedded, single-process mode. */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { trustedProxiesSchema } from './platform/http/trustedProxies';
import { blobUrlSchema, type S3Location } from './platform/storage/blobUrl';

const optionalUrl = z.url().optional();

/** A dynamic-security admin user name or password (MQTT carries at most 65,535 bytes of either). */
const brokerLogin = (name: string) =>
  z
    .string()
    .max(1000, { error: `${name} is at most 1,000 characters` })
    .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  COAP_PORT: z.coerce.number().int().min(0).max(65535).default(5683),
  // 1 MiB: the HTTP ingest body limit, so no transport takes a bigger message than another.
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).max(268_435_455).default(1_048_576),
  MQTT_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  MQTT_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(1_000),
  COAP_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(67_108_864).default(1_048_576),
  COAP_BLOCK_BUFFER_BYTES: z.coerce.number().int().min(1024).default(16_777_216),
  PUBLIC_URL: optionalUrl,
  SECRET: z.string().min(32, { error: 'SECRET must be at least 32 characters' }).optional(),
  SMTP_URL: optionalUrl,
  BRAND_PRIMARY_HOST: z.string().min(1).default('localhost'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  DEMO_PLANT: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  MAP_STYLE_URL: optionalUrl,
  GEOCODER_URL: optionalUrl,
  MAP_TILE_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        // Only an origin: a path, a query or a quote has no place in a Content-Security-Policy source.
        if (!url || !/^https?:$/.test(url.protocol) || !/^https?:\/\/[^/?#\s'";,]+\/?$/.test(entry)) {
          context.addIssue({
            code: 'custom',
            message: `MAP_TILE_ORIGINS holds origins such as https://tiles.example.com, comma-separated; "${entry}" is not one`,
          });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\/.+/, { error: 'MQTT_URL must be an mqtt:// or mqtts:// URL' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  NODE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, { error: 'NODE_ID holds letters, digits, _ . - only' })
    .optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'MQTT_SHARE_GROUP holds 1 to 64 letters, digits, _ or - only' })
    .optional(),
  LIVE_VALUES_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(20_000),
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  TRUST_PROXY: trustedProxiesSchema,
  BLOB_URL: blobUrlSchema,
  MQTT_DYNSEC_USERNAME: brokerLogin('MQTT_DYNSEC_USERNAME'),
  MQTT_DYNSEC_PASSWORD: brokerLogin('MQTT_DYNSEC_PASSWORD'),
  // Which addresses tenants' alert webhooks may reach (platform/http/outboundAddress.ts).
  WEBHOOK_NETWORKS: z
    .enum(['public', 'private', 'any'], { error: 'WEBHOOK_NETWORKS must be public, private or any' })
    .default('public'),
  // A Twilio-compatible messaging API for alert SMS and WhatsApp; unset, they go to the outbox.
  SMS_API_URL: optionalUrl,
  SMS_ACCOUNT_SID: z.string().min(1).max(200).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).max(500).optional(),
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, { error: 'SMS_FROM must be a phone number such as +4915112345678' })
    .optional(),
  WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, { error: 'WHATSAPP_FROM must be a phone number such as +4915112345678' })
    .optional(),
});

/** Rules across variables: the dynamic-security admin account comes whole, and only with MQTT_URL. */
const checkedConfigSchema = configSchema.superRefine((raw, context) => {
  const username = raw.MQTT_DYNSEC_USERNAME;
  const password = raw.MQTT_DYNSEC_PASSWORD;
  if ((username || password) && !raw.MQTT_URL) {
    context.addIssue({
      code: 'custom',
      path: [username ? 'MQTT_DYNSEC_USERNAME' : 'MQTT_DYNSEC_PASSWORD'],
      message:
        'MQTT_DYNSEC_USERNAME and MQTT_DYNSEC_PASSWORD need MQTT_URL (the embedded broker checks device credentials itself)',
    });
  } else if (username && !password) {
    context.addIssue({
      code: 'custom',
      path: ['MQTT_DYNSEC_PASSWORD'],
      message: 'MQTT_DYNSEC_PASSWORD must be set with MQTT_DYNSEC_USERNAME',
    });
  } else if (password && !username) {
    context.addIssue({
      code: 'custom',
      path: ['MQTT_DYNSEC_USERNAME'],
      message: 'MQTT_DYNSEC_USERNAME must be set with MQTT_DYNSEC_PASSWORD',
    });
  }
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  env: RawConfig['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttPort: number;
  coapPort: number;
  /** The largest MQTT packet after its fixed header; a bigger one closes the connection unread. */
  mqttMaxPacketBytes: number;
  /** A connection that has not completed CONNECT within this time is closed. */
  mqttConnectTimeoutMs: number;
  /** Open connections to the embedded broker, in all and from one client address. */
  mqttMaxConnections: number;
  mqttMaxConnectionsPerAddress: number;
  /** The largest CoAP request payload, block-wise transfers included (4.13 above it). */
  coapMaxPayloadBytes: number;
  /** What all unfinished CoAP block-wise uploads together may hold (5.03 above it). */
  coapBlockBufferBytes: number;
  publicUrl: string;
  /** Unset means the secret is generated once and kept in DATA_DIR (see platform/security/secret.ts). */
  secret: string | undefined;
  smtpUrl: string | undefined;
  brandPrimaryHost: string;
  /** Demo data is seeded into an empty embedded database, or into PostgreSQL only when SEED_DEMO=1. */
  seedDemo: boolean;
  /** Runs the simulated demo plant (seed/demoPlant.ts): on with the demo, off in tests; DEMO_PLANT overrides. */
  demoPlant: boolean;
  logLevel: RawConfig['LOG_LEVEL'];
  /** `pretty`: short readable lines for a person at a terminal; `json`: one object a line for collectors. */
  logFormat: 'pretty' | 'json';
  webDistDir: string | undefined;
  /** A MapLibre style for the entity map; unset means the web app's offline style (no tiles fetched). */
  mapStyleUrl: string | undefined;
  /**
   * Origins the map style's tiles, glyphs and sprites come from besides the style's own; the
   * Content-Security-Policy lets the browser fetch from them (platform/http/contentSecurityPolicy.ts).
   */
  mapTileOrigins: string[];
  /** A Nominatim-compatible place search the server asks for entity locations; unset means offline places only. */
  geocoderUrl: string | undefined;
  /** An external MQTT broker to read devices from (shared subscription); unset means the embedded broker. */
  mqttUrl: string | undefined;
  /**
   * Mosquitto's dynamic-security admin account on the MQTT_URL broker: set, Ferrite keeps one broker
   * account per gateway (ingest/transports/mqtt/brokerCredentials.ts); unset, devices are the broker's job.
   */
  mqttDynsec: { username: string; password: string } | undefined;
  /** socket.io fans events out through Redis when set (several Ferrite nodes). */
  redisUrl: string | undefined;
  /** This node's stable name (MQTT session ids); defaults to the host name. */
  nodeId: string | undefined;
  /**
   * The MQTT 5 shared-subscription group the nodes of this deployment read devices through (MQTT_URL);
   * by default named after the database, so two deployments on one broker never split each other's readings.
   */
  mqttShareGroup: string;
  /** The least time between two announcements of new sensor values to dashboards (ms, 50 to 60,000). */
  liveValuesMs: number;
  /** A stop (SIGTERM) that has not drained within this time exits anyway, saying so (ms). */
  drainTimeoutMs: number;
  /** How long a stopping node answers not ready while still serving, before it lets go (ms; the balancer's check time). */
  drainNoticeMs: number;
  /** The bearer token /metrics asks for; unset, /metrics answers only direct requests from this machine. */
  metricsToken: string | undefined;
  /** The headless Chromium that draws dashboard reports; reports answer 503 when it is missing. */
  chromiumPath: string;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); empty: the peer is the client. */
  trustedProxies: string[];
  /**
   * The S3-compatible bucket blobs live in (BLOB_URL); unset: PostgreSQL's blob tables with DATABASE_URL,
   * else DATA_DIR/blobs (platform/storage/openBlobStore.ts).
   */
  blobBucket: S3Location | undefined;
  /** Which addresses alert webhooks may reach: public only (default), also private networks, or any. */
  webhookNetworks: 'public' | 'private' | 'any';
  /**
   * The Twilio-compatible messaging API alert SMS and WhatsApp go through (SMS_API_URL with its account
   * and token); unset, they are kept in the outbox. A medium without its sender number goes to the outbox too.
   */
  messaging:
    | { apiUrl: string; accountSid: string; authToken: string; smsFrom?: string; whatsappFrom?: string }
    | undefined;
}

/** A configuration problem that stops start-up, naming the variable at fault. */
export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = checkedConfigSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const raw = parsed.data;
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    mqttPort: raw.MQTT_PORT,
    coapPort: raw.COAP_PORT,
    mqttMaxPacketBytes: raw.MQTT_MAX_PACKET_BYTES,
    mqttConnectTimeoutMs: raw.MQTT_CONNECT_TIMEOUT_MS,
    mqttMaxConnections: raw.MQTT_MAX_CONNECTIONS,
    mqttMaxConnectionsPerAddress: raw.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    coapMaxPayloadBytes: raw.COAP_MAX_PAYLOAD_BYTES,
    coapBlockBufferBytes: raw.COAP_BLOCK_BUFFER_BYTES,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    secret: raw.SECRET,
    smtpUrl: raw.SMTP_URL,
    brandPrimaryHost: raw.BRAND_PRIMARY_HOST,
    seedDemo: raw.DATABASE_URL ? raw.SEED_DEMO === '1' : raw.SEED_DEMO !== '0',
    demoPlant:
      raw.DEMO_PLANT === undefined
        ? raw.NODE_ENV !== 'test' && (raw.DATABASE_URL ? raw.SEED_DEMO === '1' : raw.SEED_DEMO !== '0')
        : raw.DEMO_PLANT === '1',
    logLevel: raw.LOG_LEVEL,
    // Someone watching a terminal reads sentences; a process manager or container collects JSON.
    logFormat: raw.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    webDistDir: raw.WEB_DIST_DIR,
    mapStyleUrl: raw.MAP_STYLE_URL,
    mapTileOrigins: raw.MAP_TILE_ORIGINS,
    geocoderUrl: raw.GEOCODER_URL,
    mqttUrl: raw.MQTT_URL,
    mqttDynsec:
      raw.MQTT_DYNSEC_USERNAME && raw.MQTT_DYNSEC_PASSWORD
        ? { username: raw.MQTT_DYNSEC_USERNAME, password: raw.MQTT_DYNSEC_PASSWORD }
        : undefined,
    redisUrl: raw.REDIS_URL,
    nodeId: raw.NODE_ID,
    mqttShareGroup: raw.MQTT_SHARE_GROUP ?? defaultShareGroup(raw.DATABASE_URL, raw.DATA_DIR),
    liveValuesMs: raw.LIVE_VALUES_MS,
    drainTimeoutMs: raw.DRAIN_TIMEOUT_MS,
    drainNoticeMs: raw.DRAIN_NOTICE_MS,
    metricsToken: raw.METRICS_TOKEN,
    chromiumPath: raw.CHROMIUM_PATH,
    trustedProxies: raw.TRUST_PROXY,
    // The AWS SDK's own variable when the URL names no region; us-east-1 is what S3-compatible servers expect.
    blobBucket: raw.BLOB_URL && {
      ...raw.BLOB_URL,
      region: raw.BLOB_URL.region ?? env.AWS_REGION ?? 'us-east-1',
    },
    webhookNetworks: raw.WEBHOOK_NETWORKS,
    messaging:
      raw.SMS_API_URL && raw.SMS_ACCOUNT_SID && raw.SMS_AUTH_TOKEN
        ? {
            apiUrl: raw.SMS_API_URL.replace(/\/$/, ''),
            accountSid: raw.SMS_ACCOUNT_SID,
            authToken: raw.SMS_AUTH_TOKEN,
            ...(raw.SMS_FROM ? { smsFrom: raw.SMS_FROM } : {}),
            ...(raw.WHATSAPP_FROM ? { whatsappFrom: raw.WHATSAPP_FROM } : {}),
          }
        : undefined,
  };
}

/**
 * A deployment's own share group: every node of one database shares it (the database's host, port and
 * name; credentials left out, so a rotated password changes nothing); a PGlite node, alone by nature,
 * is named after its host and data directory.
 */
export function defaultShareGroup(databaseUrl: string | undefined, dataDir: string): string {
  let identity = `${hostname()}:${resolve(dataDir)}`;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    identity = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  }
  return `ferrite-${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}
