/** The IoT Manager's "My Projects" start page: active projects with how many gateways each has online. */
import { z } from 'zod';
import { abilitiesSchema, pageQuerySchema } from '../lists';

/** page_number, page_size and a search on name and description; active projects only. */
export const iotProjectsQuerySchema = pageQuerySchema;

export const iotProjectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  /** Gateways not archived. */
  gateway_count: z.number().int(),
  /** Of those, the ones heard from within their heartbeat timeout. */
  online_count: z.number().int(),
});
export type IotProject = z.infer<typeof iotProjectSchema>;

export const iotProjectsResponseSchema = z.object({
  projects: z.array(iotProjectSchema),
  total_entries: z.number().int(),
  abilities: abilitiesSchema,
});
export type IotProjectsResponse = z.infer<typeof iotProjectsResponseSchema>;

/** A gateway's command history and rollouts are paged without search. */
export const iotHistoryQuerySchema = pageQuerySchema.pick({ page_number: true, page_size: true });
