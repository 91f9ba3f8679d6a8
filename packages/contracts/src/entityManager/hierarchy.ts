/** A project's whole hierarchy in one flat answer, and its import and export (CSV or JSON). */
import { z } from 'zod';
import { nameText, textSchema } from '../text';
import { ENTITY_KINDS } from './types';

export const hierarchyNodeSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(ENTITY_KINDS),
  name: z.string(),
  parent_id: z.string().uuid().nullable(),
  type_name: z.string(),
  depth: z.number().int(),
  child_count: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type HierarchyNode = z.infer<typeof hierarchyNodeSchema>;

/** Nodes ordered depth-first (parents before children, siblings by name). */
export const hierarchyResponseSchema = z.object({
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  nodes: z.array(hierarchyNodeSchema),
  total_entries: z.number().int(),
});

/**
 * One import row. `ref` names the row so others can point at it as `parent_ref`; rows may also hang
 * under an existing asset by `parent_id`. Types are named, so files travel between organizations.
 */
export const importRowSchema = z.object({
  ref: nameText('ref').min(1),
  kind: z.enum(ENTITY_KINDS),
  name: nameText('name').min(1),
  type: nameText('type').min(1),
  parent_ref: nameText('parent_ref').optional(),
  parent_id: z.string().uuid().optional(),
  description: textSchema('description', { max: 2000, multiline: true, trim: false }).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  position: z.enum(['indoor', 'outdoor']).optional(),
  metadata: z
    .record(
      nameText('Metadata key', 64),
      textSchema('Metadata value', { max: 2000, multiline: true, trim: false }),
    )
    .optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const IMPORT_MAX_ROWS = 20_000;
/** The CSV header; metadata columns follow as `meta.<key>`. */
export const IMPORT_CSV_COLUMNS = [
  'ref',
  'kind',
  'name',
  'type',
  'parent_ref',
  'parent_id',
  'description',
  'latitude',
  'longitude',
  'position',
] as const;

export const importRequestSchema = z.union([
  z.object({ format: z.literal('json'), rows: z.array(z.unknown()).max(IMPORT_MAX_ROWS) }).strict(),
  z.object({ format: z.literal('csv'), csv: z.string().max(20 * 1024 * 1024) }).strict(),
]);

export const importRowErrorSchema = z.object({
  row: z.number().int(),
  ref: z.string().nullable(),
  errors: z.array(z.string()),
});
/** All or nothing: `created` is 0 whenever `errors` is not empty. */
export const importReportSchema = z.object({
  created: z.number().int(),
  rows: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
