/**
 * The XLS export as an .xlsx workbook (exceljs, loaded only when someone exports): one sheet named after
 * the widget, a bold frozen header, ISO timestamps turned into real dates, numbers kept as numbers,
 * text a spreadsheet would run as a formula neutralized with a leading apostrophe.
 */
import { neutralizeCell } from '@ferrite/contracts';
import type { Cell } from './csv';

/** Excel's forbidden sheet-name characters replaced, at most 31 characters. */
export function sheetName(title: string): string {
  const clean = title.replace(/[\\/?*[\]:]/g, ' ').trim();
  return (clean || 'Widget').slice(0, 31);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The workbook bytes. */
export async function toXlsx(rows: readonly (readonly Cell[])[], title: string): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ferrite';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  for (const row of rows) {
    // Text is neutralized as in the CSV: a string cell is not a formula, but editing it in Excel makes it one.
    sheet.addRow(
      row.map((cell) => (typeof cell === 'string' && ISO.test(cell) ? new Date(cell) : neutralizeCell(cell))),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 22 : 16;
    if (i === 0) column.numFmt = 'yyyy-mm-dd hh:mm:ss';
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
