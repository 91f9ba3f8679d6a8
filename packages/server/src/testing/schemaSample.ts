/**
 * A valid-looking value for a JSON Schema of the OpenAPI document, so a hostile request differs from
 * an acceptable one in one place only and reaches the checks behind schema validation.
 */
import { randomUUID } from 'node:crypto';

/** The subset of JSON Schema the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

let serial = 0;

/** Strings that fit most patterns of the API, tried in order; `#` becomes a fresh serial number. */
const PATTERN_CANDIDATES = [
  'walk-#',
  'walk/#',
  'walk#',
  'Walk#2026pass',
  'walk#@example.com',
  '1.0.#',
  '#',
  'temperature',
  '$.value',
  '+4912345#',
];

/** Ids the walk knows by field name; anything else gets a fresh random UUID. */
export type IdsByField = Record<string, string>;

/** The first non-null branch of a union, or the schema itself. */
export function branchOf(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema.allOf?.[0] ? { ...schema.allOf[0], ...schema, allOf: undefined } : schema;
  return branches.find((b) => b.type !== 'null') ?? branches[0] ?? {};
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function sampleString(schema: JsonSchema, field: string, ids: IdsByField): string {
  const fresh = () => String(++serial);
  if (schema.format === 'uuid') return ids[field] ?? randomUUID();
  if (schema.format === 'email' || field === 'email') return `walk${fresh()}@example.com`;
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (field.includes('password')) return 'Walk#2026pass';
  if (ids[field]) return ids[field];
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    for (const candidate of PATTERN_CANDIDATES) {
      const value = candidate.replace('#', fresh());
      if (pattern.test(value)) return value;
    }
  }
  const text = `walk ${field} ${fresh()}`;
  return text.length >= (schema.minLength ?? 0) ? text : text.padEnd(schema.minLength ?? 0, 'x');
}

function sampleNumber(schema: JsonSchema): number {
  let value = typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + 1;
  else if (schema.exclusiveMinimum === true) value += 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return value;
}

/** A value the schema accepts, as far as field names and patterns allow guessing one. */
export function sampleOf(input: JsonSchema, field: string, ids: IdsByField): unknown {
  const schema = branchOf(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema, field, ids);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sampleOf(schema.items ?? {}, field, ids));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        value[key] = sampleOf(schema.properties?.[key] ?? {}, key, ids);
      }
      return value;
    }
    default:
      return schema.default ?? null;
  }
}

/**
 * Paths of the properties inside a body schema (`['location', 'address']`), arrays of objects entered
 * at index 0, at most `depth` deep.
 */
export function propertyPaths(input: JsonSchema, depth = 3): (string | number)[][] {
  const schema = branchOf(input);
  if (depth === 0) return [];
  if (typeOf(schema) === 'array' && schema.items) {
    return propertyPaths(schema.items, depth - 1).map((path) => [0, ...path]);
  }
  if (!schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => [
    [key],
    ...propertyPaths(child, depth - 1).map((path) => [key, ...path]),
  ]);
}

/** A copy of `base` with `value` at `path`, the objects and arrays on the way made from the schema. */
export function withValueAt(
  base: unknown,
  schema: JsonSchema,
  path: (string | number)[],
  value: unknown,
  ids: IdsByField,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const here = branchOf(schema);
  if (typeof head === 'number') {
    const items = here.items ?? {};
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValueAt(list[head] ?? sampleOf(items, '', ids), items, rest, value, ids);
    return list;
  }
  const child = here.properties?.[head] ?? {};
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  const current = (object as Record<string, unknown>)[head];
  (object as Record<string, unknown>)[head] = withValueAt(
    current ?? (rest.length ? sampleOf(child, head, ids) : undefined),
    child,
    rest,
    value,
    ids,
  );
  return object;
}
