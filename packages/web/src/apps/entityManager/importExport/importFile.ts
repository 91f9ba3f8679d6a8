/** Reading an import file in the browser: CSV goes to the server as text, JSON as parsed rows. */
import { IMPORT_CSV_COLUMNS, IMPORT_MAX_ROWS } from '@ferrite/contracts';
import type { ImportBody } from '../api/hierarchyApi';

/** The downloadable template: the columns, and three rows that show how refs chain (Site → Line → sensor). */
export const CSV_TEMPLATE = [
  [...IMPORT_CSV_COLUMNS, 'meta.serial_number'].join(','),
  'site-1,asset,North Site,Site,,,Main production site,52.52000,13.40500,,',
  'line-1,asset,Line 1,Line,site-1,,Assembly line,52.52010,13.40510,,',
  'temp-1,sensor,Line 1 temperature,Temperature sensor,line-1,,,52.52012,13.40515,indoor,TS-0001',
  '',
].join('\r\n');

/** A file ready to send, with what the dialog says about it. */
export interface ReadyImport {
  body: ImportBody;
  format: 'csv' | 'json';
  /** Data rows (CSV lines after the header, or JSON rows). */
  rows: number;
}

/** Rows of a CSV text: non-blank lines minus the header (a quoted line break can make it off by a few). */
function csvRowCount(text: string): number {
  return Math.max(0, text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
}

/**
 * Turns a picked file's text into the import body, or throws an Error saying why it cannot be sent.
 * JSON may be the export's `{format, rows}` or a bare array of rows; anything else is CSV by name.
 */
export function readImportFile(name: string, text: string): ReadyImport {
  const isJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (!isJson) {
    if (!text.trim()) throw new Error('The file is empty');
    return { body: { format: 'csv', csv: text }, format: 'csv', rows: csvRowCount(text) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file is not valid JSON: ${(error as Error).message}`);
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows))
    throw new Error('A JSON import is an array of rows, or an object with a "rows" array');
  if (rows.length === 0) throw new Error('The file holds no rows');
  if (rows.length > IMPORT_MAX_ROWS)
    throw new Error(`At most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows per import`);
  return { body: { format: 'json', rows }, format: 'json', rows: rows.length };
}

/** Saves text as a file through a temporary Blob link. */
export function saveText(fileName: string, text: string | Blob, type = 'text/plain'): void {
  const blob = typeof text === 'string' ? new Blob([text], { type }) : text;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
