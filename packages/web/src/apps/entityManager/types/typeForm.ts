/**
 * The type editor's model, kept apart from its view so the rules are testable: form ⇄ body, row
 * validation against the contract's field schemas, and what a parent type passes down (with origin).
 */
import {
  type DataType,
  type EntityType,
  type EntityTypeBody,
  type MetadataField,
  metadataFieldSchema,
  type ParameterField,
  parameterFieldSchema,
  type TypeProperty,
  typePropertySchema,
} from '@ferrite/contracts';
import { valueError } from '../values';

export interface MetadataRow {
  key: string;
  data_type: DataType | '';
  unit: string;
  default_value: string;
}
export interface PropertyRow {
  key: string;
  value: string;
}
export interface ParameterRow {
  key: string;
  data_type: DataType | '';
  unit: string;
}

/** The three editable lists of a type, by body field. */
export interface TypeRows {
  metadata_fields: MetadataRow[];
  properties: PropertyRow[];
  parameters: ParameterRow[];
}
export type RowList = keyof TypeRows;

export interface TypeForm extends TypeRows {
  name: string;
  description: string;
  parent_type_id: string | null;
}

/** A row's messages by column; a row without any is valid. */
export type RowErrors = Partial<Record<string, string>>;

const SCHEMAS = {
  metadata_fields: metadataFieldSchema,
  properties: typePropertySchema,
  parameters: parameterFieldSchema,
} as const;

/** A blank row of a list (data type left empty on purpose: choosing one is part of adding a field). */
export function blankRow<L extends RowList>(list: L): TypeRows[L][number] {
  const rows: { [K in RowList]: TypeRows[K][number] } = {
    metadata_fields: { key: '', data_type: '', unit: '', default_value: '' },
    properties: { key: '', value: '' },
    parameters: { key: '', data_type: '', unit: '' },
  };
  return rows[list];
}

/** The form for a new type, or for editing `type`. */
export function formFromType(type?: EntityType | null): TypeForm {
  return {
    name: type?.name ?? '',
    description: type?.description ?? '',
    parent_type_id: type?.parent_type?.id ?? null,
    metadata_fields: type?.metadata_fields.map((field) => ({ ...field })) ?? [],
    properties: type?.properties.map((property) => ({ ...property })) ?? [],
    parameters: type?.parameters.map((parameter) => ({ ...parameter })) ?? [],
  };
}

/**
 * Messages for every row of a list: the contract schema's (so 'Please enter key' and 'Please enter
 * data type' come from one place), a default that does not fit its data type, and repeated keys.
 */
export function validateRows(list: RowList, rows: readonly object[]): RowErrors[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const errors: RowErrors = {};
    const parsed = SCHEMAS[list].safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? 'key');
        errors[column] ??= issue.message;
      }
    }
    if (list === 'metadata_fields' && !errors.default_value) {
      const { data_type: dataType, default_value: value } = row as MetadataRow;
      const problem = dataType ? valueError(dataType, value) : null;
      if (problem) errors.default_value = problem;
    }
    const key = (row as { key: string }).key.trim();
    if (key && !errors.key) {
      if (seen.has(key)) errors.key = 'This key is already used';
      seen.add(key);
    }
    return errors;
  });
}

/** Every row message of the form, by list; empty lists when all rows are valid. */
export function validateTypeRows(form: TypeRows): Record<RowList, RowErrors[]> {
  return {
    metadata_fields: validateRows('metadata_fields', form.metadata_fields),
    properties: validateRows('properties', form.properties),
    parameters: validateRows('parameters', form.parameters),
  };
}

/** True when no row of any list has a message. */
export function rowsValid(errors: Record<RowList, RowErrors[]>): boolean {
  return Object.values(errors).every((list) => list.every((row) => Object.keys(row).length === 0));
}

/** The request body for a valid form (rows trimmed; data types are set once validation passed). */
export function bodyFromForm(form: TypeForm): EntityTypeBody {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    parent_type_id: form.parent_type_id,
    metadata_fields: form.metadata_fields.map((row) => ({
      key: row.key.trim(),
      data_type: row.data_type as DataType,
      unit: row.unit.trim(),
      default_value: row.default_value,
    })),
    properties: form.properties.map((row) => ({ key: row.key.trim(), value: row.value })),
    parameters: form.parameters.map((row) => ({
      key: row.key.trim(),
      data_type: row.data_type as DataType,
      unit: row.unit.trim(),
    })),
  };
}

/** A field a type receives from an ancestor, and which ancestor defines it. */
export interface Inherited<T> {
  field: T;
  origin: { id: string; name: string };
}
export interface InheritedFields {
  metadata_fields: Inherited<MetadataField>[];
  properties: Inherited<TypeProperty>[];
  parameters: Inherited<ParameterField>[];
}

/**
 * What a type with parent `parentId` inherits: each ancestor's own fields, nearest first, a key taken
 * only from the nearest ancestor that defines it (as the server's `effective` resolves them).
 */
export function inheritedFields(
  types: ReadonlyMap<string, EntityType>,
  parentId: string | null,
): InheritedFields {
  const result: InheritedFields = { metadata_fields: [], properties: [], parameters: [] };
  const seen = {
    metadata_fields: new Set<string>(),
    properties: new Set<string>(),
    parameters: new Set<string>(),
  };
  const visited = new Set<string>();
  for (let type = parentId ? types.get(parentId) : undefined; type && !visited.has(type.id); ) {
    visited.add(type.id);
    const origin = { id: type.id, name: type.name };
    for (const list of ['metadata_fields', 'properties', 'parameters'] as const) {
      for (const field of type[list]) {
        if (seen[list].has(field.key)) continue;
        seen[list].add(field.key);
        (result[list] as Inherited<typeof field>[]).push({ field, origin });
      }
    }
    type = type.parent_type ? types.get(type.parent_type.id) : undefined;
  }
  return result;
}

/** The type and every type that inherits from it: none of them may become its parent (a cycle). */
export function selfAndDescendants(types: readonly EntityType[], id: string): Set<string> {
  const blocked = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const type of types) {
      if (!blocked.has(type.id) && type.parent_type && blocked.has(type.parent_type.id)) {
        blocked.add(type.id);
        grew = true;
      }
    }
  }
  return blocked;
}
