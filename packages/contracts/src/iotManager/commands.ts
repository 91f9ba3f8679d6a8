/** Actuation: a named command with a JSON value, sent down to a gateway and followed to its end. */
import { z } from 'zod';
import { uuidParam } from '../lists';

export const COMMAND_STATUSES = ['pending', 'delivered', 'acknowledged', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/** A command nobody acknowledged within this many seconds is marked timed_out. */
export const DEFAULT_COMMAND_TIMEOUT_S = 300;
/** The reserved command name firmware notifications use. */
export const FIRMWARE_COMMAND = 'firmware_update';

export const commandBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Please enter a command name' })
      .max(120)
      .regex(/^[\w.:-]+$/, { error: 'A command name holds letters, digits and _ . : - only' })
      .refine((name) => name !== FIRMWARE_COMMAND, { error: 'firmware_update is sent by firmware rollouts' }),
    value: z.unknown().refine((value) => value !== undefined, { error: 'Please enter a JSON value' }),
    timeout_s: z.number().int().min(5).max(86_400).default(DEFAULT_COMMAND_TIMEOUT_S),
  })
  .strict();
export type CommandBody = z.input<typeof commandBodySchema>;

export const commandSchema = z.object({
  id: z.string().uuid(),
  gateway_id: z.string().uuid(),
  name: z.string(),
  value: z.unknown(),
  status: z.enum(COMMAND_STATUSES),
  /** The device's answer on acknowledgement or failure. */
  result: z.unknown().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  expires_at: z.string(),
  created_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type Command = z.infer<typeof commandSchema>;
export const commandListResponseSchema = z.object({
  commands: z.array(commandSchema),
  total_entries: z.number().int(),
});

export const commandParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  id: uuidParam('id'),
  commandId: uuidParam('commandId'),
});
