/** Parameter mapping: which payload field (a JSON path) feeds which sensor parameter. */
import { z } from 'zod';
import { DATA_TYPES } from '../entityManager/types';
import { uuidParam } from '../lists';
import { nameText } from '../text';

/**
 * A JSON path into one reading: `temp`, `data.temp`, `$.data.temp`, `sensors[2].value`,
 * `['odd key']`. Parsing and evaluation live in `jsonPath.ts` so web and server agree.
 */
export const jsonPathSchema = nameText('JSON path', 300).min(1, { error: 'Please enter a JSON path' });

export const mappingBodySchema = z
  .object({
    json_path: jsonPathSchema,
    sensor_id: z.string().uuid(),
    param_key: nameText('Parameter key').min(1),
    /**
     * The sensor parameter may already be fed by another path (of this or another gateway). Without
     * `replace: true` the server answers 409 with the existing mapping; with it, the old one is removed.
     */
    replace: z.boolean().default(false),
  })
  .strict();
export type MappingBody = z.input<typeof mappingBodySchema>;

export const mappingSchema = z.object({
  id: z.string().uuid(),
  gateway_id: z.string().uuid(),
  json_path: z.string(),
  sensor_id: z.string().uuid(),
  sensor_name: z.string(),
  param_key: z.string(),
  created_at: z.string(),
});
export type Mapping = z.infer<typeof mappingSchema>;

export const mappingListResponseSchema = z.object({ mappings: z.array(mappingSchema) });

/** The body of the 409 a mapping conflict answers (beside title, detail and status). */
export const mappingConflictSchema = z.object({
  existing: z.object({
    id: z.string().uuid(),
    gateway_id: z.string().uuid(),
    gateway_name: z.string(),
    json_path: z.string(),
  }),
});
export type MappingConflict = z.infer<typeof mappingConflictSchema>;

export const mappingParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  id: uuidParam('id'),
  mappingId: uuidParam('mappingId'),
});

/**
 * The project tree the mapping screen shows: assets and sensors depth-first, each sensor with its
 * effective parameters and whether (and by which gateway path) each is already mapped.
 */
export const mappingTreeResponseSchema = z.object({
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  nodes: z.array(
    z.object({
      id: z.string().uuid(),
      kind: z.enum(['asset', 'sensor']),
      name: z.string(),
      parent_id: z.string().uuid().nullable(),
      depth: z.number().int(),
      parameters: z.array(
        z.object({
          key: z.string(),
          data_type: z.enum(DATA_TYPES),
          unit: z.string(),
          mapped: z
            .object({
              mapping_id: z.string().uuid(),
              gateway_id: z.string().uuid(),
              gateway_name: z.string(),
              json_path: z.string(),
            })
            .nullable(),
        }),
      ),
    }),
  ),
});
export type MappingTreeResponse = z.infer<typeof mappingTreeResponseSchema>;
