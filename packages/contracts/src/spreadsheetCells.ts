/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is run as a formula by Excel, LibreOffice and Sheets when the file
 * is opened. Every CSV and XLSX the product writes passes its cells through `neutralizeCell`, which
 * puts an apostrophe in front of such text; numbers stay numbers (a negative number is not text).
 */

/** A cell of an exported table: text, a number, or empty. */
export type SpreadsheetCell = string | number | null;

/**
 * Text that needs the apostrophe: it starts with a formula trigger, possibly behind apostrophes that
 * were already there (so neutralizing stays reversible: "'=x" becomes "''=x", never just "'=x").
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** Text a neutralized cell may hold: at least one apostrophe, then a formula trigger. */
const NEUTRALIZED_START = /^'+[=+\-@\t\r]/;
/**
 * A plain decimal number such as "-3.5e2" (a number metadata value is kept as text): every spreadsheet
 * reads it as that number, never as a formula, so it is left as it is.
 */
const NUMBER_LITERAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The text with a leading apostrophe when a spreadsheet would run it as a formula. */
export function neutralizeText(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_LITERAL.test(text) ? `'${text}` : text;
}

/** The cell as it is safe to write: text neutralized, numbers and empties unchanged. */
export function neutralizeCell<T extends SpreadsheetCell | Date>(cell: T): T {
  return (typeof cell === 'string' ? neutralizeText(cell) : cell) as T;
}

/** The text an exported cell held before `neutralizeText` (for reading the product's own files back). */
export function restoreNeutralizedText(text: string): string {
  return NEUTRALIZED_START.test(text) ? text.slice(1) : text;
}
