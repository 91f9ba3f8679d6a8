/** Firmware: versioned files kept with their checksum, rolled out to gateways with progress per gateway. */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { freeText, nameText } from '../text';

/** The largest firmware file accepted (bytes). */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
export const ROLLOUT_STATUSES = [
  'pending',
  'notified',
  'downloading',
  'installing',
  'succeeded',
  'failed',
  'timed_out',
] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];
/** How long a signed firmware download link stays valid (seconds). */
export const FIRMWARE_LINK_TTL_S = 3_600;

export const firmwareSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  version: z.string(),
  /** The file's base name as kept: no directories, control characters or leading dots. */
  filename: z.string(),
  /** The type the file's first bytes tell (application/x-elf, application/zip, text/x-hex…). */
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  notes: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type Firmware = z.infer<typeof firmwareSchema>;
export const firmwareListResponseSchema = z.object({ firmware: z.array(firmwareSchema) });

/**
 * Upload: multipart (fields name, version, notes, then file) or raw bytes with
 * `?name=&version=&filename=&notes=` and `Content-Type: application/octet-stream`.
 */
export const firmwareUploadQuerySchema = z.object({
  name: nameText('Firmware name').min(1, { error: 'Please enter a firmware name' }),
  version: z
    .string()
    .trim()
    .min(1, { error: 'Please enter a version' })
    .max(60)
    .regex(/^[\w.+-]+$/, { error: 'A version holds letters, digits and _ . + - only' }),
  // The server keeps a safe base name of at most 100 characters (directories and control characters go).
  filename: z.string().trim().min(1).max(1000).default('firmware.bin'),
  notes: freeText('Notes', 2000).default(''),
});

export const rolloutBodySchema = z
  .object({
    gateway_ids: z.array(z.string().uuid()).min(1, { error: 'Choose at least one gateway' }).max(1000),
  })
  .strict();

export const rolloutSchema = z.object({
  id: z.string().uuid(),
  firmware_id: z.string().uuid(),
  firmware_version: z.string(),
  gateway_id: z.string().uuid(),
  gateway_name: z.string(),
  command_id: z.string().uuid().nullable(),
  status: z.enum(ROLLOUT_STATUSES),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rollout = z.infer<typeof rolloutSchema>;
export const rolloutListResponseSchema = z.object({ rollouts: z.array(rolloutSchema) });

export const firmwareParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  firmwareId: uuidParam('firmwareId'),
});
