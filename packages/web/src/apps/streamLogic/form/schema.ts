/**
 * Reading a node kind's config JSON Schema (zod's draft 2020-12 output) for the generated form: what
 * widget a property needs, its label, the variants of a oneOf with a discriminator, and a fresh value.
 */

/** The subset of JSON Schema node configs use, plus Ferrite's `picker` and `widget` hints. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  picker?: string;
  widget?: 'code' | 'expression' | 'textarea';
}

/** What the form draws for a property. */
export type FieldKind =
  | 'object'
  | 'variants'
  | 'enum'
  | 'text'
  | 'longText'
  | 'picker'
  | 'pickerMany'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enumMany'
  | 'tags'
  | 'list'
  | 'json';

/** The schema with `$ref` followed and a nullable `anyOf: [x, {type: 'null'}]` unwrapped to x (keeping x's hints). */
export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  if (current.$ref?.startsWith('#/$defs/')) {
    const target = root.$defs?.[current.$ref.slice('#/$defs/'.length)];
    if (target) current = { ...target, ...current, $ref: undefined };
  }
  const union = current.anyOf ?? current.oneOf;
  if (union) {
    const real = union.filter((s) => s.type !== 'null');
    if (real.length === 1 && real[0]) {
      const { anyOf: _a, oneOf: _o, ...own } = current;
      return resolve({ ...real[0], ...own }, root);
    }
  }
  return current;
}

/** The property key whose `const` tells the variants of a union apart (e.g. `kind`), if any. */
export function discriminatorOf(variants: JsonSchema[]): string | null {
  const first = variants[0]?.properties;
  if (!first) return null;
  for (const key of Object.keys(first)) {
    if (variants.every((v) => v.properties?.[key]?.const !== undefined)) return key;
  }
  return null;
}

/** The widget a (resolved) property needs. */
export function fieldKind(schema: JsonSchema): FieldKind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.oneOf || schema.anyOf) return 'variants';
  if (schema.enum) return 'enum';
  if (type === 'object' && schema.properties) return 'object';
  if (type === 'string') {
    if (schema.picker) return 'picker';
    return schema.widget ? 'longText' : 'text';
  }
  if (type === 'number') return 'number';
  if (type === 'integer') return 'integer';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') {
    const items = schema.items ?? {};
    if (schema.picker || items.picker) return 'pickerMany';
    if (items.enum) return 'enumMany';
    if (items.type === 'string') return 'tags';
    if (items.type === 'object' || items.properties) return 'list';
  }
  return 'json';
}

/** A property's label: its title, else its key in words ("param_keys" → "Param keys"). */
export function labelOf(key: string, schema: JsonSchema): string {
  if (schema.title) return schema.title;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A starting value for a schema: its default, a variant's discriminator, an object's required parts. */
export function initialValue(schema: JsonSchema, root: JsonSchema): unknown {
  const s = resolve(schema, root);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  const kind = fieldKind(s);
  if (kind === 'variants') {
    const first = (s.oneOf ?? s.anyOf ?? [])[0];
    return first ? initialValue(first, root) : undefined;
  }
  if (kind === 'object') {
    const value: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const start = initialValue(prop, root);
      if (start !== undefined && (s.required?.includes(key) || resolve(prop, root).const !== undefined))
        value[key] = start;
    }
    return value;
  }
  if (kind === 'boolean') return false;
  if (['tags', 'pickerMany', 'enumMany', 'list'].includes(kind)) return [];
  if (kind === 'text' || kind === 'longText' || kind === 'picker') return '';
  return undefined;
}
