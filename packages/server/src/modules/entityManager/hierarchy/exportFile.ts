/** A project's tree as an import file: JSON ({format, rows}) or CSV (IMPORT_CSV_COLUMNS + meta.<key>). */
import { IMPORT_CSV_COLUMNS, type ImportRow } from '@ferrite/contracts';
import { toCsv } from './csv';
import type { ExportRow } from './repository';

/**
 * Import rows for the tree, in the given (depth-first) order. Each row's ref is its entity id and its
 * parent_ref the parent's id, so the file re-creates the same shape in any project; only metadata
 * keys the type still defines are written, so the file passes the import's checks.
 */
export function exportRows(
  ordered: readonly ExportRow[],
  fieldKeys: (typeId: string) => ReadonlySet<string>,
): ImportRow[] {
  return ordered.map((entity) => {
    const keys = fieldKeys(entity.type_id);
    const metadata = Object.fromEntries(
      entity.metadata.filter((entry) => keys.has(entry.key)).map((entry) => [entry.key, entry.value]),
    );
    const row: ImportRow = { ref: entity.id, kind: entity.kind, name: entity.name, type: entity.type_name };
    if (entity.parent_id) row.parent_ref = entity.parent_id;
    if (entity.description) row.description = entity.description;
    if (entity.latitude !== null && entity.longitude !== null) {
      row.latitude = entity.latitude;
      row.longitude = entity.longitude;
    }
    if (entity.kind === 'sensor' && (entity.position === 'indoor' || entity.position === 'outdoor')) {
      row.position = entity.position;
    }
    if (Object.keys(metadata).length > 0) row.metadata = metadata;
    return row;
  });
}

/** The rows as CSV: the fixed columns, then one meta.<key> column per key in order of first use. */
export function rowsToCsv(rows: readonly ImportRow[]): string {
  const metaKeys = [...new Set(rows.flatMap((row) => Object.keys(row.metadata ?? {})))];
  const header = [...IMPORT_CSV_COLUMNS, ...metaKeys.map((key) => `meta.${key}`)];
  const records = rows.map((row) => [
    ...IMPORT_CSV_COLUMNS.map((column) => {
      const value = row[column];
      return value === undefined ? '' : String(value);
    }),
    ...metaKeys.map((key) => row.metadata?.[key] ?? ''),
  ]);
  return toCsv([header, ...records]);
}

/** A file name for the download: the project's name reduced to safe characters. */
export function exportFileName(projectName: string, format: 'csv' | 'json'): string {
  const base = projectName
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${base || 'project'}-hierarchy.${format}`;
}
