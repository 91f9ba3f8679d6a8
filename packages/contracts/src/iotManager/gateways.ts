/** Gateways (spec §3 "Gateway"): how a device reaches Ferrite, its credentials and its parameters. */
import { z } from 'zod';
import { GATEWAY_PAGE_SIZE, GATEWAY_PROTOCOLS, GATEWAY_TYPES } from '../constants';
import { DATA_TYPES } from '../entityManager/types';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema, uuidParam } from '../lists';
import { MESSAGES } from '../messages';
import { freeText, nameText, textSchema } from '../text';
import { gatewayTopicSchema } from './topics';

export type GatewayType = (typeof GATEWAY_TYPES)[number];
export type GatewayProtocol = (typeof GATEWAY_PROTOCOLS)[number];
/** Which protocols each gateway type speaks: MQTT gateways publish over MQTT, HTTPS ones over HTTP or CoAP. */
export const PROTOCOLS_OF_TYPE: Record<GatewayType, readonly GatewayProtocol[]> = {
  MQTT: ['MQTT'],
  HTTPS: ['HTTP', 'CoAP'],
};
export const GATEWAY_STATUSES = ['online', 'offline'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** A gateway is offline when neither data nor a heartbeat arrived for this long (seconds). */
export const DEFAULT_HEARTBEAT_TIMEOUT_S = 60;

// The text rules of text.ts, with the spec's message when missing.
const required = (field: string, error: string) =>
  textSchema(field, { max: 200, missing: error }).min(1, { error });

/** One static or streaming parameter; every field is required (spec §5 messages). */
export const gatewayParamSchema = z.object({
  key: required('Key', MESSAGES.gatewayParam.key),
  value: required('Value', MESSAGES.gatewayParam.value),
  data_type: z.enum(DATA_TYPES, { error: MESSAGES.gatewayParam.dataType }),
  unit: required('Unit', MESSAGES.gatewayParam.unit),
});
export type GatewayParam = z.infer<typeof gatewayParamSchema>;

/** The identity spec §5 uses for duplicates: the same key, value and type. */
export const gatewayParamIdentity = (param: Pick<GatewayParam, 'key' | 'value' | 'data_type'>): string =>
  `${param.key.trim()}\u0000${param.value.trim()}\u0000${param.data_type}`;

/** Index of each parameter that repeats an earlier one's key, value and type. */
export function duplicateGatewayParams(params: readonly GatewayParam[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  params.forEach((param, index) => {
    const identity = gatewayParamIdentity(param);
    if (seen.has(identity)) duplicates.push(index);
    seen.add(identity);
  });
  return duplicates;
}

const paramList = z
  .array(gatewayParamSchema)
  .max(500)
  .superRefine((params, ctx) => {
    for (const index of duplicateGatewayParams(params)) {
      ctx.addIssue({ code: 'custom', path: [index, 'key'], message: MESSAGES.gatewayParam.duplicate });
    }
  });

export const TIMESTAMP_FORMATS = ['iso8601', 'epoch_s', 'epoch_ms'] as const;
export type TimestampFormat = (typeof TIMESTAMP_FORMATS)[number];
export const TIMESTAMP_FORMAT_LABELS: Record<TimestampFormat, string> = {
  iso8601: 'ISO-8601',
  epoch_s: 'Epoch seconds',
  epoch_ms: 'Epoch milliseconds',
};

/** Where a reading's time is found; `field: null` means the server's receive time. */
export const timestampMappingSchema = z.object({
  field: nameText('Timestamp field', 200).min(1).nullable().default(null),
  format: z.enum(TIMESTAMP_FORMATS).default('iso8601'),
});
export type TimestampMapping = z.infer<typeof timestampMappingSchema>;

const identifier = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Please enter a ${what}` })
    .max(120)
    .regex(/^[\w.:@-]+$/, { error: `A ${what} holds letters, digits and _ . : @ - only` });

export const gatewayBodySchema = z
  .object({
    name: nameText('Gateway name').min(1, { error: 'Please enter a gateway name' }),
    type: z.enum(GATEWAY_TYPES, { error: 'Gateway type is HTTPS or MQTT' }),
    protocol: z.enum(GATEWAY_PROTOCOLS, { error: 'Protocol is HTTP, MQTT or CoAP' }),
    channel: nameText('Channel').default(''),
    parent_id: z.string().uuid().nullable().default(null),
    description: freeText('Description', 2000).default(''),
    /**
     * Omitted: `ferrite/<gateway uuid>` (on edit: kept). No other gateway of any organization may hold it,
     * a topic above it or one below it (one broker serves every organization; see topics.ts).
     */
    topic: gatewayTopicSchema.optional(),
    /** Omitted: `gw-<first 12 hex of the uuid>`. Unique across the platform. */
    client_id: identifier('client id').optional(),
    /** Omitted: the client id. */
    username: identifier('user name').optional(),
    host_name: nameText('Host name', 253).default(''),
    port_info: nameText('Port', 120).default(''),
    path: nameText('Path', 300).default(''),
    heartbeat_timeout_s: z.number().int().min(5).max(86_400).default(DEFAULT_HEARTBEAT_TIMEOUT_S),
    static_params: paramList.default([]),
    streaming_params: paramList.default([]),
    timestamp_mapping: timestampMappingSchema.default({ field: null, format: 'iso8601' }),
  })
  .strict()
  .refine((body) => PROTOCOLS_OF_TYPE[body.type].includes(body.protocol), {
    path: ['protocol'],
    error: 'MQTT gateways use the MQTT protocol; HTTPS gateways use HTTP or CoAP',
  });
export type GatewayBody = z.input<typeof gatewayBodySchema>;

export const gatewaySchema = z.object({
  id: z.string().uuid(),
  /** The same as id: the name devices and the spec use. */
  uuid: z.string().uuid(),
  org_id: z.string().uuid(),
  project_id: z.string().uuid(),
  name: z.string(),
  type: z.enum(GATEWAY_TYPES),
  protocol: z.enum(GATEWAY_PROTOCOLS),
  channel: z.string(),
  parent: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  description: z.string(),
  topic: z.string(),
  /**
   * False when the topic's tree overlaps another gateway's (a row from before topics were checked):
   * the broker then refuses this gateway's MQTT traffic until its topic is changed.
   */
  topic_available: z.boolean(),
  client_id: z.string(),
  username: z.string(),
  host_name: z.string(),
  port_info: z.string(),
  path: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  last_seen_at: z.string().nullable(),
  heartbeat_timeout_s: z.number().int(),
  /** The last four characters of the access token; the whole token is shown once, on create or rotate. */
  access_token_hint: z.string(),
  access_token_rotated_at: z.string(),
  static_params: z.array(gatewayParamSchema),
  streaming_params: z.array(gatewayParamSchema),
  timestamp_mapping: timestampMappingSchema,
  mapped_count: z.number().int(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

/** Create and rotate answer the token in full, the only time it is ever shown. */
export const gatewayWithTokenSchema = z.object({ gateway: gatewaySchema, access_token: z.string() });
export type GatewayWithToken = z.infer<typeof gatewayWithTokenSchema>;

export const projectGatewaysParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  projectId: uuidParam('projectId'),
});
export const gatewayParamsSchema = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });

export const listGatewaysQuerySchema = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(200).default(GATEWAY_PAGE_SIZE),
  is_archived: archivedFlagSchema,
});
export const listGatewaysResponseSchema = z.object({
  gateways: z.array(gatewaySchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
export type ListGatewaysResponse = z.infer<typeof listGatewaysResponseSchema>;

/** The topology view: a project's gateways and the sensors their mappings feed. */
export const topologyResponseSchema = z.object({
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  gateways: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      type: z.enum(GATEWAY_TYPES),
      protocol: z.enum(GATEWAY_PROTOCOLS),
      status: z.enum(GATEWAY_STATUSES),
      parent_id: z.string().uuid().nullable(),
      last_seen_at: z.string().nullable(),
      sensors: z.array(
        z.object({ id: z.string().uuid(), name: z.string(), param_keys: z.array(z.string()) }),
      ),
    }),
  ),
});
export type TopologyResponse = z.infer<typeof topologyResponseSchema>;
