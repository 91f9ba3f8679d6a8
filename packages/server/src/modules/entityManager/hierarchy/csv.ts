/** RFC 4180 CSV: records of fields split by commas, quoted fields with "" for a quote, CRLF or LF. */
import { neutralizeText } from '@ferrite/contracts';

/** A file that cannot be read as CSV at all (as opposed to a row with bad values). */
export class CsvSyntaxError extends Error {}

/**
 * Parses CSV text into records. Quoted fields may hold commas, quotes ("") and line breaks; a
 * leading byte-order mark is ignored; blank lines are skipped. Throws CsvSyntaxError with the line
 * number for an unterminated quote or a quote inside an unquoted field.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false; // the current field was a quoted one, now closed
  let seen = false; // the current line holds something, even just a comma or ""
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    if (seen || field !== '') {
      record.push(field);
      records.push(record);
    }
    record = [];
    field = '';
    quoted = false;
    seen = false;
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '"') {
      if (field !== '' || quoted) throw new CsvSyntaxError(`Line ${line}: a quote inside an unquoted field`);
      const startLine = line;
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close < 0) throw new CsvSyntaxError(`Line ${startLine}: a quoted field is never closed`);
        const chunk = text.slice(i, close);
        field += chunk;
        for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1)) line++;
        i = close + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
      quoted = true;
      seen = true;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(`Line ${line}: text after a closing quote`);
      }
    } else if (char === ',') {
      record.push(field);
      field = '';
      quoted = false;
      seen = true;
      i++;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    } else {
      const end = nextSpecial(text, i);
      field += text.slice(i, end);
      seen = true;
      i = end;
    }
  }
  endRecord();
  return records;
}

/** The index of the next comma, quote or line break at or after `from` (or the text's length). */
function nextSpecial(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44 || code === 34 || code === 10 || code === 13) return i;
  }
  return text.length;
}

function quote(field: string): string {
  // A spreadsheet would run a field such as =HYPERLINK(…) as a formula: it gets a leading apostrophe,
  // which the import takes off again (importPlan.ts), so an exported file still imports as it was.
  const value = neutralizeText(field);
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Writes records as CSV with CRLF line ends, quoting only the fields that need it; text a spreadsheet
 * would run as a formula is neutralized (contracts spreadsheetCells.ts).
 */
export function toCsv(records: readonly (readonly string[])[]): string {
  return `${records.map((record) => record.map(quote).join(',')).join('\r\n')}\r\n`;
}
