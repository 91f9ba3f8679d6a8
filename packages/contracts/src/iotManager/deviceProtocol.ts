/**
 * What a device sends and receives, whatever the transport (docs: packages/simulator/README.md).
 *
 * - Telemetry: one reading (a JSON object) or an array of readings. Mapped JSON paths pick the values;
 *   the timestamp mapping picks each reading's time (server time when absent).
 * - MQTT: connect with the gateway's client id, user name and access token (as password); publish
 *   telemetry on `{topic}`, heartbeats on `{topic}/heartbeat`, acknowledgements on
 *   `{topic}/commands/ack`; subscribe to `{topic}/commands`.
 * - HTTP: `POST /api/ingest/{uuid}` and `/api/ingest/{uuid}/heartbeat` with `Authorization: Bearer
 *   <token>`; poll `GET /api/ingest/{uuid}/commands`, answer `POST /api/ingest/{uuid}/commands/{id}/ack`.
 * - CoAP: the same paths without `/api`, the token as `?token=`.
 */
import { z } from 'zod';
import { textSchema } from '../text';

export const MQTT_HEARTBEAT_SUFFIX = '/heartbeat';
export const MQTT_COMMANDS_SUFFIX = '/commands';
export const MQTT_ACK_SUFFIX = '/commands/ack';

/** A command as the device receives it. */
export const deviceCommandSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  value: z.unknown(),
  expires_at: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/**
 * A device's answer to a command: `ok` acknowledges it, `error` fails it, `progress` reports a
 * firmware download or install step (0–100) without ending it.
 */
export const deviceAckSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(['ok', 'error', 'progress']),
  progress: z.number().int().min(0).max(100).optional(),
  stage: z.enum(['downloading', 'installing']).optional(),
  message: textSchema('message', { max: 2000, multiline: true, trim: false }).optional(),
  result: z.unknown().optional(),
});
export type DeviceAck = z.infer<typeof deviceAckSchema>;

/** The value of a `firmware_update` command. */
export const firmwareCommandValueSchema = z.object({
  rollout_id: z.string().uuid(),
  firmware_id: z.string().uuid(),
  name: z.string(),
  version: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type FirmwareCommandValue = z.infer<typeof firmwareCommandValueSchema>;

/** What an HTTP or CoAP ingest call answers. */
export const ingestResultSchema = z.object({
  accepted: z.number().int(),
  readings: z.number().int(),
  /** Why readings or fields were not stored (also written to the gateway log). */
  problems: z.array(z.string()),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
