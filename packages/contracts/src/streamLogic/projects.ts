/**
 * Stream Logic's "My Projects": `GET /stream_process/projects` lists the caller's organization's active
 * projects with how many chains each holds and how many of those are enabled. It needs only
 * `streamLogic.view`, so a member with Stream Logic alone (no Entity Manager) still sees the projects
 * their chains belong to.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../lists';

/** page_number, page_size and a search on name and description; active projects only. */
export const streamProjectsQuerySchema = pageQuerySchema;

export const streamProjectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  /** Chains of the project. */
  chain_count: z.number().int(),
  /** Of those, the enabled ones. */
  running_count: z.number().int(),
  /** When a chain of the project last changed; null while it has none. */
  updated_at: z.string().nullable(),
});
export type StreamProject = z.infer<typeof streamProjectSchema>;

export const streamProjectsResponseSchema = z.object({
  projects: z.array(streamProjectSchema),
  total_entries: z.number().int(),
});
export type StreamProjectsResponse = z.infer<typeof streamProjectsResponseSchema>;
