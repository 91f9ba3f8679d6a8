/** A gateway's latest log: what arrived, what was refused and why, commands and firmware steps. */
import { z } from 'zod';
import { bigintIdParam } from '../lists';

export const GATEWAY_LOG_KINDS = [
  'telemetry',
  'heartbeat',
  'command',
  'ack',
  'firmware',
  'connect',
  'error',
] as const;
export type GatewayLogKind = (typeof GATEWAY_LOG_KINDS)[number];
export const GATEWAY_LOG_LEVELS = ['info', 'warn', 'error'] as const;
/** How many log lines a gateway keeps; older ones are pruned. */
export const GATEWAY_LOG_KEEP = 1_000;

export const gatewayLogSchema = z.object({
  id: z.string(),
  gateway_id: z.string().uuid(),
  ts: z.string(),
  kind: z.enum(GATEWAY_LOG_KINDS),
  level: z.enum(GATEWAY_LOG_LEVELS),
  transport: z.string(),
  message: z.string(),
  /** The payload as received, cut to a few kilobytes. */
  payload: z.string().nullable(),
  points: z.number().int(),
});
export type GatewayLog = z.infer<typeof gatewayLogSchema>;

export const gatewayLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only lines older than this id (paging back). */
  before: bigintIdParam('before').optional(),
  level: z.enum(GATEWAY_LOG_LEVELS).optional(),
});
export const gatewayLogsResponseSchema = z.object({ logs: z.array(gatewayLogSchema) });
export type GatewayLogsResponse = z.infer<typeof gatewayLogsResponseSchema>;
