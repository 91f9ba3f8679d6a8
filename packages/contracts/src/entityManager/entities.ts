/** Assets and sensors: one hierarchy per project, any depth; assets hold assets and sensors. */
import { z } from 'zod';
import { DEFAULT_SENSOR_POSITION, SENSOR_POSITIONS } from '../constants';
import { pageQuerySchema } from '../lists';
import { freeText, nameText, textSchema } from '../text';
import { DATA_TYPES, ENTITY_KINDS } from './types';

export const entityMetadataValueSchema = z.object({
  key: nameText('Metadata key', 64).min(1),
  data_type: z.enum(DATA_TYPES),
  unit: textSchema('Unit', { max: 32, trim: false }).default(''),
  value: textSchema('Metadata value', { max: 2000, multiline: true, trim: false }),
});

export const entityLocationSchema = z.object({
  latitude: z.number({ error: 'Latitude must be a number' }).min(-90).max(90),
  longitude: z.number({ error: 'Longitude must be a number' }).min(-180).max(180),
});

const ref = z.object({ id: z.string().uuid(), name: z.string() });

export const entitySchema = z.object({
  id: z.string().uuid(),
  /**
   * The asset's `uuid` of spec §3 (stream logic's project assets answer it too). Ids are UUIDs, so it is
   * the id, as a gateway's `uuid` is: one identity, two names the spec uses.
   */
  uuid: z.string().uuid(),
  kind: z.enum(ENTITY_KINDS),
  project_id: z.string().uuid(),
  parent_id: z.string().uuid().nullable(),
  type: ref,
  name: z.string(),
  description: z.string(),
  caretakers: z.array(z.object({ id: z.string().uuid(), name: z.string(), email: z.string() })),
  /** Ancestors from the project root down to the parent ("hierarchy" in spec §3). */
  hierarchy: z.array(ref),
  metadata: z.array(entityMetadataValueSchema),
  parameters: z.array(z.object({ key: z.string(), data_type: z.enum(DATA_TYPES), unit: z.string() })),
  location: entityLocationSchema.nullable(),
  /** Sensors only; assets answer null. */
  position: z.enum(SENSOR_POSITIONS).nullable(),
  child_count: z.number().int(),
  created_at: z.string(),
});
export type Entity = z.infer<typeof entitySchema>;

export const entityBodySchema = z
  .object({
    name: nameText('Name').min(1, { error: 'Please enter a name' }),
    type_id: z.string().uuid({ error: 'Please choose a type' }),
    parent_id: z.string().uuid().nullable().default(null),
    description: freeText('Description', 2000).default(''),
    caretaker_ids: z.array(z.string().uuid()).max(200).default([]),
    /** Values for the type's metadata fields, by key; missing keys take the field's default. */
    metadata: z
      .record(
        nameText('Metadata key', 64),
        textSchema('Metadata value', { max: 2000, multiline: true, trim: false }),
      )
      .default({}),
    location: entityLocationSchema.nullable().default(null),
    position: z.enum(SENSOR_POSITIONS).default(DEFAULT_SENSOR_POSITION),
  })
  .strict();
export type EntityBody = z.infer<typeof entityBodySchema>;

export const moveEntityBodySchema = z.object({ parent_id: z.string().uuid().nullable() }).strict();

export const listEntitiesQuerySchema = pageQuerySchema.extend({
  parent_id: z.string().uuid().optional(),
  type_id: z.string().uuid().optional(),
});
export const listEntitiesResponseSchema = z.object({
  entities: z.array(entitySchema),
  total_entries: z.number().int(),
  abilities: z.array(z.string()),
});

/** Deleting an asset that holds entities needs `cascade=true`, which deletes the whole subtree. */
export const deleteEntityQuerySchema = z.object({ cascade: z.enum(['true', 'false']).default('false') });
