/** Asset types and sensor types: fields every entity of the type carries, inherited from a parent type. */
import { z } from 'zod';
import { pageQuerySchema } from '../lists';
import { freeText, nameText, textSchema } from '../text';

export const ENTITY_KINDS = ['asset', 'sensor'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Data types of metadata fields and sensor parameters. */
export const DATA_TYPES = ['number', 'integer', 'boolean', 'string'] as const;
export type DataType = (typeof DATA_TYPES)[number];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * Why a value does not fit a data type, or null when it does. The empty string means "no value" and
 * fits every type, so a field without a default stays valid until someone fills it in.
 */
export function dataTypeError(dataType: DataType, value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  switch (dataType) {
    case 'number':
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? null : 'Must be a number';
    case 'integer':
      return INTEGER.test(text) ? null : 'Must be a whole number';
    case 'boolean':
      return text === 'true' || text === 'false' ? null : 'Must be true or false';
    case 'string':
      return null;
  }
}

const fieldKey = z
  .string()
  .trim()
  .min(1, { error: 'Please enter key' })
  .max(64)
  .regex(/^[A-Za-z_][\w.-]*$/, {
    error: 'Keys start with a letter or _ and hold letters, digits, _, . or -',
  });

export const metadataFieldSchema = z.object({
  key: fieldKey,
  data_type: z.enum(DATA_TYPES, { error: 'Please enter data type' }),
  unit: nameText('Unit', 32).default(''),
  default_value: textSchema('Default value', { max: 2000, multiline: true, trim: false }).default(''),
});
export type MetadataField = z.infer<typeof metadataFieldSchema>;

export const typePropertySchema = z.object({
  key: fieldKey,
  value: textSchema('Property value', { max: 2000, multiline: true, trim: false }),
});
export type TypeProperty = z.infer<typeof typePropertySchema>;

export const parameterFieldSchema = z.object({
  key: fieldKey,
  data_type: z.enum(DATA_TYPES, { error: 'Please enter data type' }),
  unit: nameText('Unit', 32).default(''),
});
export type ParameterField = z.infer<typeof parameterFieldSchema>;

/** Keys must be unique within one list; a type may redefine an ancestor's key (the nearest wins in `effective`). */
const uniqueKeys = <T extends { key: string }>(list: z.ZodType<T[]>) =>
  list.refine((items) => new Set(items.map((i) => i.key)).size === items.length, {
    error: 'Keys must be unique',
  });

export const entityTypeBodySchema = z
  .object({
    name: nameText('Type name').min(1, { error: 'Please enter a type name' }),
    description: freeText('Description', 2000).default(''),
    parent_type_id: z.string().uuid().nullable().default(null),
    metadata_fields: uniqueKeys(z.array(metadataFieldSchema).max(200)).default([]),
    properties: uniqueKeys(z.array(typePropertySchema).max(200)).default([]),
    parameters: uniqueKeys(z.array(parameterFieldSchema).max(200)).default([]),
  })
  .strict();
export type EntityTypeBody = z.infer<typeof entityTypeBodySchema>;

export const entityTypeSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(ENTITY_KINDS),
  name: z.string(),
  description: z.string(),
  parent_type: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** The type's own fields. */
  metadata_fields: z.array(metadataFieldSchema),
  properties: z.array(typePropertySchema),
  parameters: z.array(parameterFieldSchema),
  /** Own fields plus every ancestor's, nearest definition winning, as entities of the type see them. */
  effective: z.object({
    metadata_fields: z.array(metadataFieldSchema),
    properties: z.array(typePropertySchema),
    parameters: z.array(parameterFieldSchema),
  }),
  usage_count: z.number().int(),
  created_at: z.string(),
});
export type EntityType = z.infer<typeof entityTypeSchema>;

export const listEntityTypesQuerySchema = pageQuerySchema;
export const listEntityTypesResponseSchema = z.object({
  types: z.array(entityTypeSchema),
  total_entries: z.number().int(),
  abilities: z.array(z.string()),
});
