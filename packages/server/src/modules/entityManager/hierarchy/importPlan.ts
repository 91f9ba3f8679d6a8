/**
 * Import planning, all in memory: rows from JSON or CSV, every row checked (shape, type, parent,
 * refs, cycles, metadata), then ids, paths and depths computed with parents before children.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SENSOR_POSITION,
  type EntityKind,
  IMPORT_CSV_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportRow,
  importRowSchema,
  type MetadataField,
  restoreNeutralizedText,
} from '@ferrite/contracts';
import type { NewEntity } from '../entities/repository';
import { parentError, placeUnder } from '../entities/tree';
import { resolveMetadata } from '../metadata';
import { CsvSyntaxError, parseCsv } from './csv';

/** A type an import row can name. */
export interface ImportType {
  id: string;
  kind: EntityKind;
  name: string;
  metadataFields: MetadataField[];
}

/** An existing entity of the project that a row names by parent_id. */
export interface ExistingEntity {
  id: string;
  kind: string;
  name: string;
  path: string;
  depth: number;
}

export interface RowReport {
  row: number;
  ref: string | null;
  errors: string[];
}

/** One input row after the shape check: its 1-based number, its ref and value when readable. */
export interface ParsedRow {
  row: number;
  ref: string | null;
  value: ImportRow | null;
  errors: string[];
}

/** How import rows find their type: by kind and name, without case. */
export function typeKey(kind: string, name: string): string {
  return `${kind}:${name.trim().toLowerCase()}`;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const KNOWN_COLUMNS = new Set<string>(IMPORT_CSV_COLUMNS);
const REQUIRED_COLUMNS = ['ref', 'kind', 'name', 'type'] as const;

/**
 * Reads CSV text into raw rows for the shape check (header: IMPORT_CSV_COLUMNS in any order plus
 * `meta.<key>` columns; empty cells are absent values). Throws CsvSyntaxError for a file that cannot
 * be read: broken quoting, a header without ref/kind/name/type, unknown or repeated columns.
 */
export function rowsFromCsv(text: string): { raw: unknown[]; preErrors: Map<number, string[]> } {
  const records = parseCsv(text);
  const header = (records[0] ?? []).map((cell) => cell.trim());
  if (records.length === 0) throw new CsvSyntaxError('The file is empty; the first line must be the header');
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new CsvSyntaxError(`The header lacks the column(s) ${missing.join(', ')}`);
  const unknown = header.filter((column) => !KNOWN_COLUMNS.has(column) && !/^meta\..+/.test(column));
  if (unknown.length > 0) {
    throw new CsvSyntaxError(
      `Unknown column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; columns are ${IMPORT_CSV_COLUMNS.join(', ')} and meta.<key>`,
    );
  }
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  if (repeated.length > 0)
    throw new CsvSyntaxError(`Repeated column(s) ${[...new Set(repeated)].join(', ')}`);
  if (records.length - 1 > IMPORT_MAX_ROWS) {
    throw new CsvSyntaxError(
      `The file holds ${records.length - 1} rows; at most ${IMPORT_MAX_ROWS} are imported at once`,
    );
  }
  const preErrors = new Map<number, string[]>();
  const raw = records.slice(1).map((record, index) => {
    if (record.length !== header.length) {
      preErrors.set(index + 1, [`Has ${record.length} fields; the header has ${header.length}`]);
    }
    const row: Record<string, unknown> = {};
    const metadata: Record<string, string> = {};
    header.forEach((column, at) => {
      // The export put an apostrophe before text a spreadsheet would run as a formula: taken off here.
      const cell = restoreNeutralizedText(record[at] ?? '');
      if (cell === '') return;
      if (column.startsWith('meta.')) metadata[column.slice(5)] = cell;
      else if (column === 'latitude' || column === 'longitude')
        row[column] = NUMERIC.test(cell.trim()) ? Number(cell) : cell;
      else row[column] = cell;
    });
    if (Object.keys(metadata).length > 0) row.metadata = metadata;
    return row;
  });
  return { raw, preErrors };
}

/** The shape check of every row against importRowSchema; errors name the field. */
export function parseRows(raw: readonly unknown[], preErrors = new Map<number, string[]>()): ParsedRow[] {
  return raw.map((input, index) => {
    const row = index + 1;
    const ref =
      typeof (input as { ref?: unknown } | null)?.ref === 'string'
        ? (input as { ref: string }).ref.trim()
        : null;
    const errors = [...(preErrors.get(row) ?? [])];
    const parsed = importRowSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
      }
      return { row, ref: ref || null, value: null, errors };
    }
    return { row, ref: parsed.data.ref, value: parsed.data, errors };
  });
}

/** The parent ids rows name, to look up among the project's existing entities. */
export function namedParentIds(rows: readonly ParsedRow[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.value?.parent_id ? [row.value.parent_id] : [])))];
}

/**
 * Checks every row against the others, the organization's types and the project's entities. With no
 * errors, answers the entities to insert, parents before children (sorted by depth); otherwise
 * answers every bad row with all its errors and no entities.
 */
export function planImport(
  rows: readonly ParsedRow[],
  context: {
    projectId: string;
    types: ReadonlyMap<string, ImportType>;
    existing: ReadonlyMap<string, ExistingEntity>;
  },
): { entities: NewEntity[]; errors: RowReport[] } {
  const errors = rows.map((row) => [...row.errors]);
  const byRef = new Map<string, number[]>();
  rows.forEach((row, index) => {
    if (row.value) byRef.set(row.value.ref, [...(byRef.get(row.value.ref) ?? []), index]);
  });
  for (const [ref, indexes] of byRef) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      const others = indexes.filter((other) => other !== index).map((other) => other + 1);
      errors[index]?.push(`ref: "${ref}" is used more than once (also row ${others.join(', ')})`);
    }
  }

  const parentIndex: number[] = rows.map(() => -1);
  const types: (ImportType | null)[] = rows.map(() => null);
  rows.forEach((row, index) => {
    const value = row.value;
    const rowErrors = errors[index] as string[];
    if (!value) return;
    const type = context.types.get(typeKey(value.kind, value.type)) ?? null;
    types[index] = type;
    if (!type) rowErrors.push(`type: No ${value.kind} type named "${value.type}"`);
    if (value.parent_ref && value.parent_id) {
      rowErrors.push('Give parent_ref or parent_id, not both');
    } else if (value.parent_ref) {
      const targets = byRef.get(value.parent_ref) ?? [];
      const target = targets.length === 1 ? rows[targets[0] as number]?.value : undefined;
      if (targets.length === 0) rowErrors.push(`parent_ref: No row has ref "${value.parent_ref}"`);
      else if (targets.length > 1)
        rowErrors.push(`parent_ref: "${value.parent_ref}" is the ref of more than one row`);
      else if (targets[0] === index)
        rowErrors.push('parent_ref: A row cannot be its own parent (it would create a cycle)');
      else if (target && target.kind !== 'asset') {
        rowErrors.push(`parent_ref: "${value.parent_ref}" is a sensor; only assets hold entities`);
      } else parentIndex[index] = targets[0] as number;
    } else if (value.parent_id) {
      const message = parentError(context.existing.get(value.parent_id));
      if (message) rowErrors.push(`parent_id: ${message}`);
    }
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      rowErrors.push('latitude, longitude: Give both or neither');
    }
    if (value.kind === 'asset' && value.position) rowErrors.push('position: Only sensors have a position');
    if (type) {
      const resolved = resolveMetadata(type.metadataFields, value.metadata ?? {}, 'metadata', type.name);
      for (const error of resolved.errors) rowErrors.push(`${error.path}: ${error.message}`);
    }
  });
  markCycles(rows, parentIndex, errors);

  const reports = rows.flatMap((row, index) => {
    const rowErrors = errors[index] as string[];
    return rowErrors.length > 0 ? [{ row: row.row, ref: row.ref, errors: rowErrors }] : [];
  });
  if (reports.length > 0) return { entities: [], errors: reports };
  return { entities: place(rows, parentIndex, types, context), errors: [] };
}

/** Gives every row that sits on a loop of parent_refs an error naming the loop. */
function markCycles(rows: readonly ParsedRow[], parentIndex: readonly number[], errors: string[][]): void {
  const state = new Uint8Array(rows.length); // 0 unseen, 1 on the current walk, 2 done
  for (let start = 0; start < rows.length; start++) {
    const walk: number[] = [];
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      walk.push(at);
      at = parentIndex[at] as number;
    }
    if (at >= 0 && state[at] === 1) {
      const loop = walk.slice(walk.indexOf(at));
      const names = [...loop, at].map((index) => `"${rows[index]?.ref}"`).join(' → ');
      for (const index of loop) errors[index]?.push(`parent_ref: The rows ${names} form a cycle`);
    }
    for (const index of walk) state[index] = 2;
  }
}

/** Ids, paths and depths for valid rows; answers the entities sorted by depth (parents first). */
function place(
  rows: readonly ParsedRow[],
  parentIndex: readonly number[],
  types: readonly (ImportType | null)[],
  context: { projectId: string; existing: ReadonlyMap<string, ExistingEntity> },
): NewEntity[] {
  const ids = rows.map(() => randomUUID());
  const places: ({ path: string; depth: number } | undefined)[] = rows.map(() => undefined);
  const placeOf = (start: number) => {
    const pending: number[] = [];
    for (let at = start; at >= 0 && places[at] === undefined; at = parentIndex[at] as number)
      pending.push(at);
    for (let k = pending.length - 1; k >= 0; k--) {
      const index = pending[k] as number;
      const parentRow = parentIndex[index] as number;
      const parentId = rows[index]?.value?.parent_id;
      const parent =
        parentRow >= 0
          ? (places[parentRow] ?? null)
          : parentId
            ? (context.existing.get(parentId) ?? null)
            : null;
      places[index] = placeUnder(parent, ids[index] as string);
    }
    return places[start] as { path: string; depth: number };
  };
  const entities = rows.map((row, index): NewEntity => {
    const value = row.value as ImportRow;
    const type = types[index] as ImportType;
    const parentRow = parentIndex[index] as number;
    return {
      id: ids[index] as string,
      project_id: context.projectId,
      kind: value.kind,
      parent_id: parentRow >= 0 ? (ids[parentRow] as string) : (value.parent_id ?? null),
      ...placeOf(index),
      type_id: type.id,
      name: value.name,
      description: value.description?.trim() ?? '',
      metadata: resolveMetadata(type.metadataFields, value.metadata ?? {}, 'metadata', type.name).values,
      caretaker_ids: [],
      latitude: value.latitude ?? null,
      longitude: value.longitude ?? null,
      position: value.kind === 'sensor' ? (value.position ?? DEFAULT_SENSOR_POSITION) : null,
    };
  });
  return entities.sort((a, b) => a.depth - b.depth);
}
