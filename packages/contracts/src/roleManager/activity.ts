/** The organization's audit log: who changed what, when, before and after. */
import { z } from 'zod';
import { APP_KEYS } from '../apps';
import { pageQuerySchema } from '../lists';

export const activityEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }).nullable(),
  app: z.enum(APP_KEYS),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const listActivityQuerySchema = pageQuerySchema.extend({
  user_id: z.string().uuid().optional(),
  app: z.enum(APP_KEYS).optional(),
  from_date: z.iso.datetime({ offset: true }).optional(),
  to_date: z.iso.datetime({ offset: true }).optional(),
});
export const listActivityResponseSchema = z.object({
  activity: z.array(activityEntrySchema),
  total_entries: z.number().int(),
});
