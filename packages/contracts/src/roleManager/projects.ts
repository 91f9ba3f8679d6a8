/** Projects: the unit that assets, sensors, gateways and dashboards belong to (spec §3 "Project"). */
import { z } from 'zod';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema } from '../lists';
import { freeText, nameText, textSchema } from '../text';

export const metadataEntrySchema = z.object({
  key: nameText('Metadata key').min(1),
  value: textSchema('Metadata value', { max: 2000, multiline: true, trim: false }),
});

export const locationSchema = z.object({
  address: nameText('Address', 300).default(''),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

const personRef = z.object({ id: z.string().uuid(), name: z.string(), email: z.string() });

export const projectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  manager: personRef.nullable(),
  members: z.array(personRef),
  // Answered in their stored form (storedForm in text.ts), even from before the body's text rules.
  metadata: z.array(metadataEntrySchema),
  location: locationSchema,
  created_at: z.string(),
  created_by: personRef.nullable(),
  archived_at: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectBodySchema = z
  .object({
    name: nameText('Project name').min(1, { error: 'Please enter a project name' }),
    description: freeText('Description', 2000).default(''),
    manager_id: z.string().uuid().nullable().default(null),
    member_ids: z.array(z.string().uuid()).max(10_000).default([]),
    metadata: z.array(metadataEntrySchema).max(200).default([]),
    location: locationSchema.default({ address: '', latitude: null, longitude: null }),
  })
  .strict();
export type ProjectBody = z.infer<typeof projectBodySchema>;

export const listProjectsQuerySchema = pageQuerySchema.extend({ is_archived: archivedFlagSchema });
export const listProjectsResponseSchema = z.object({
  projects: z.array(projectSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
export type ListProjectsResponse = z.infer<typeof listProjectsResponseSchema>;
