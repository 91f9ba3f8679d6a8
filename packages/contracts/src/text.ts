/**
 * Text people type (names, descriptions, messages, search words): no control characters, a bounded
 * length, and errors that name the field. PostgreSQL refuses NUL in text and jsonb, and the other
 * control characters are never typed by a person, only smuggled in (terminal escapes, forged log lines).
 */
import { z } from 'zod';

// C0 controls, DEL and the C1 controls; the multi-line form keeps tab, line feed and carriage return.
// With the u flag a surrogate in the class matches only when unpaired: JSON can carry one ("\ud800"),
// but it is no character, and jsonb refuses it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;

/** True when the text holds no control character nor lone surrogate (tab and line breaks allowed when multiline). */
export function isCleanText(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

export interface TextOptions {
  /** Most characters accepted. */
  max: number;
  /** Tabs and line breaks allowed (descriptions, messages, notes). */
  multiline?: boolean;
  /** Leading and trailing white space removed first (default true). */
  trim?: boolean;
  /** The error when the value is missing or not text (default "<field> must be text"). */
  missing?: string;
}

/** A string of typed text named `field` in its errors; chain `.min()`, `.default()`… as with z.string(). */
export function textSchema(field: string, options: TextOptions) {
  const text = z.string({ error: options.missing ?? `${field} must be text` });
  return (options.trim === false ? text : text.trim())
    .max(options.max, { error: `${field} must be at most ${options.max} characters` })
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, {
      error: options.multiline
        ? `${field} must not contain control characters`
        : `${field} must be one line without control characters`,
    });
}

/** A name or label: one line, trimmed, at most `max` characters (120 unless given). */
export function nameText(field: string, max = 120) {
  return textSchema(field, { max });
}

/** A description, message or note: line breaks and tabs allowed, trimmed, at most `max` characters. */
export function freeText(field: string, max: number) {
  return textSchema(field, { max, multiline: true });
}

/**
 * Rows stored before these rules, or written by the entity import, may hold control characters or be
 * longer than the limit; reading one must not fail. Their schemas' stored form (storedForm) is kept here.
 */
const storedForms = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

type Child = z.core.$ZodType | readonly z.core.$ZodType[] | Record<string, z.core.$ZodType>;

/** True for a string schema built by textSchema (it carries one of the text rules' patterns). */
function isTypedText(def: z.core.$ZodTypeDef): boolean {
  return (
    def.type === 'string' &&
    (def.checks ?? []).some((check) => {
      const rule = check._zod.def as { check: string; pattern?: RegExp };
      return rule.check === 'string_format' && (rule.pattern === SINGLE_LINE || rule.pattern === MULTI_LINE);
    })
  );
}

/** The keys of a definition that hold child schemas, for the kinds that can hold typed text. */
function childKeysOf(type: z.core.$ZodTypeDef['type']): readonly string[] {
  switch (type) {
    case 'object':
      return ['shape', 'catchall'];
    case 'array':
      return ['element'];
    case 'union':
      return ['options'];
    case 'intersection':
      return ['left', 'right'];
    case 'record':
    case 'map':
      return ['keyType', 'valueType'];
    case 'set':
      return ['valueType'];
    case 'tuple':
      return ['items', 'rest'];
    case 'pipe':
      return ['in', 'out'];
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'success':
    case 'promise':
      return ['innerType'];
    default:
      return [];
  }
}

/** The stored form of a child (a schema, a list of them or an object's shape); the same value when unchanged. */
function storedChild(child: Child): Child {
  if (child instanceof z.core.$ZodType) return storedForm(child);
  const entries = Object.entries(child) as [string, z.core.$ZodType][];
  const stored = entries.map(([, schema]) => storedForm(schema));
  if (stored.every((schema, i) => schema === entries[i]?.[1])) return child;
  return Array.isArray(child)
    ? stored
    : (Object.fromEntries(entries.map(([key], i) => [key, stored[i]])) as Record<string, z.core.$ZodType>);
}

/**
 * The stored form of `schema`, for answers and for reads of stored rows; requests keep the strict
 * schema. The same shape, defaults and other checks, but every typed-text field takes any string and
 * gives it back unchanged (no trim, length or pattern). A schema without typed text is returned itself.
 */
export function storedForm<T extends z.core.$ZodType>(schema: T): T {
  const known = storedForms.get(schema);
  if (known) return known as T;
  const def = schema._zod.def;
  let stored: z.core.$ZodType = schema;
  if (isTypedText(def)) {
    stored = z.string();
  } else if (def.type === 'lazy') {
    const getter = (def as z.core.$ZodLazyDef).getter;
    stored = z.core.clone(
      schema,
      withChild(def, 'getter', () => storedForm(getter())),
    );
  } else {
    let next = def;
    for (const key of childKeysOf(def.type)) {
      const child = (def as unknown as Record<string, Child | null | undefined>)[key];
      if (!child) continue;
      const storedOne = storedChild(child);
      if (storedOne !== child) next = withChild(next, key, storedOne);
    }
    if (next !== def) stored = z.core.clone(schema, next);
  }
  storedForms.set(schema, stored);
  return stored as T;
}

/**
 * A copy of a definition with one child replaced; other getters (a default's value) stay getters.
 * What zod cached on the definition (a lazy's resolved inner schema) belongs to the original.
 */
function withChild(def: z.core.$ZodTypeDef, key: string, value: unknown): z.core.$ZodTypeDef {
  const fields = Object.entries(Object.getOwnPropertyDescriptors(def)).filter(
    ([name]) => !name.startsWith('_cached'),
  );
  const copy = Object.defineProperties({}, Object.fromEntries(fields)) as z.core.$ZodTypeDef;
  return Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
}
