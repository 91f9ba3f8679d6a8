/** Metadata values against a type's fields: data type checks, defaults for missing keys. */
import { type DataType, dataTypeError, type FieldError, type MetadataField } from '@ferrite/contracts';

/** A metadata value as an entity stores it: the field's description plus the value. */
export interface StoredMetadata {
  key: string;
  data_type: DataType;
  unit: string;
  value: string;
}

/**
 * Resolves the metadata an entity stores from the values given by key: every effective field of the
 * type once, in the type's order; a missing key keeps the entity's current value when it has one, else
 * takes the field's default. Unknown keys and values of the wrong data type are errors at `path.<key>`
 * (a kept value can be wrong when the type changed since; the caller then has to give a new one).
 */
export function resolveMetadata(
  fields: readonly MetadataField[],
  given: Readonly<Record<string, string>>,
  path: string,
  typeName: string,
  current: ReadonlyMap<string, string> = new Map(),
): { values: StoredMetadata[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) {
      errors.push({
        path: `${path}.${key}`,
        message: `"${key}" is not a metadata field of type "${typeName}"`,
      });
    }
  }
  const values = fields.map((field) => {
    const own = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    const value = own ?? current.get(field.key) ?? field.default_value;
    const problem = dataTypeError(field.data_type, value);
    if (problem) errors.push({ path: `${path}.${field.key}`, message: problem });
    return { key: field.key, data_type: field.data_type, unit: field.unit, value };
  });
  return { values, errors };
}

/** The stored values of an entity by key. */
export function metadataByKey(values: readonly StoredMetadata[]): Map<string, string> {
  return new Map(values.map((entry) => [entry.key, entry.value]));
}
