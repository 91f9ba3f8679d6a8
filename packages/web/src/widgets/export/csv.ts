/** CSV of a widget's data (RFC 4180), safe to open in a spreadsheet. */
import { neutralizeCell, type SpreadsheetCell } from '@ferrite/contracts';

export type Cell = SpreadsheetCell;

function quote(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  // Text a spreadsheet would run as a formula gets its apostrophe (contracts spreadsheetCells.ts).
  const text = neutralizeCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends and a UTF-8 byte order mark (so Excel reads units like °C). */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}
