import { findWidgetVariant, resolveWidgetConfig, widgetSeriesSchema } from '@ferrite/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { installWidgetShims } from '../testing';
import { toCsv } from './csv';
import { exportFilename, exportWidget, type WidgetExportInput } from './exportWidget';
import { jpegSize, jpegToPdf } from './pdf';
import { sheetName, toXlsx } from './xlsx';

beforeAll(installWidgetShims);

/** A minimal RFC 4180 reader, to prove the CSV parses back into the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

function input(overrides: Partial<WidgetExportInput> = {}): WidgetExportInput {
  const variant = findWidgetVariant('line.basic')!;
  const config = resolveWidgetConfig(variant, {
    title: 'Boiler, "north"',
    series: [
      widgetSeriesSchema.parse({
        key: 't',
        name: 'Temp',
        unit: '°F',
        custom_formula: { sl_equation: true, m: 1.8, c: 32 },
      }),
      widgetSeriesSchema.parse({ key: 'p', name: '=Pressure', unit: 'bar' }),
    ],
  });
  return {
    variant,
    config,
    data: {
      series: [
        {
          key: 't',
          points: [
            { ts: '2025-01-01T00:00:00.000Z', value: 0 },
            { ts: '2025-01-01T01:00:00.000Z', value: 100 },
          ],
        },
        { key: 'p', points: [{ ts: '2025-01-01T01:00:00.000Z', value: 2.5 }] },
      ],
    },
    theme: 'light',
    width: 640,
    height: 320,
    ...overrides,
  };
}

describe('CSV export', () => {
  it('parses back to one row per timestamp with formula-applied values and units in the header', async () => {
    const file = await exportWidget(input(), 'CSV');
    expect(file.filename).toMatch(/^boiler-north-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    // A UTF-8 byte order mark, so Excel reads the ° of °F.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(await file.blob.text());
    expect(rows).toEqual([
      ['Timestamp', 'Temp (°F)', "'=Pressure (bar)"],
      ['2025-01-01T00:00:00.000Z', '32', ''],
      ['2025-01-01T01:00:00.000Z', '212', '2.5'],
    ]);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(parseCsv(toCsv([['a,b', 'say "hi"', 'two\r\nlines', 3]]).slice(1))).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines', '3'],
    ]);
  });
});

describe('XLS export', () => {
  // Usually 0.3–0.5 s, but a first run took 6.2 s twice on a busy two-core machine (cause not found;
  // deleting vitest's cache did not bring it back), past the default 5 s although nothing was wrong.
  const COLD_IMPORT_MS = 30_000;

  it(
    'is an xlsx workbook exceljs re-opens, with real dates and numbers',
    async () => {
      const file = await exportWidget(input(), 'XLS');
      expect(file.filename.endsWith('.xlsx')).toBe(true);
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await file.blob.arrayBuffer());
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Boiler, "north"');
      expect(sheet.getRow(1).values).toEqual([undefined, 'Timestamp', 'Temp (°F)', "'=Pressure (bar)"]);
      expect(sheet.getCell('A3').value).toEqual(new Date('2025-01-01T01:00:00.000Z'));
      expect(sheet.getCell('B3').value).toBe(212);
      expect(sheet.getCell('C3').value).toBe(2.5);
      expect(sheetName('a/b:c*d?[e]')).toBe('a b c d  e');
    },
    COLD_IMPORT_MS,
  );
});

describe('cells a spreadsheet would run as formulas', () => {
  /** Series named with every formula trigger, one of them reading a negative number. */
  function hostile(): WidgetExportInput {
    const names = ['+cmd', '-2+3', '@SUM(A1)', '=HYPERLINK("http://x")', "'=already"];
    const base = input();
    const config = resolveWidgetConfig(base.variant, {
      title: 'Hostile',
      series: names.map((name, i) => widgetSeriesSchema.parse({ key: `s${i}`, name })),
    });
    const ts = '2025-01-01T00:00:00.000Z';
    return {
      ...base,
      config,
      data: { series: names.map((_, i) => ({ key: `s${i}`, points: [{ ts, value: i === 1 ? -4.5 : i }] })) },
    };
  }
  const neutralized = ["'+cmd", "'-2+3", "'@SUM(A1)", '\'=HYPERLINK("http://x")', "''=already"];

  it('get a leading apostrophe in the CSV, while a negative number stays a number', async () => {
    const rows = parseCsv(await (await exportWidget(hostile(), 'CSV')).blob.text());
    expect(rows[0]).toEqual(['Timestamp', ...neutralized]);
    expect(rows[1]).toEqual(['2025-01-01T00:00:00.000Z', '0', '-4.5', '2', '3', '4']);
  });

  it('include text starting with a tab or a carriage return, in CSV and XLSX alike', async () => {
    // Series names are trimmed, so these reach the writers only from other sources (tables, text).
    const rows = [
      ['Timestamp', 'Note'],
      [null, '\tTab'],
      [null, '\rReturn'],
      [null, -3],
    ];
    expect(parseCsv(toCsv(rows).slice(1)).map((row) => row[1])).toEqual([
      'Note',
      "'\tTab",
      "'\rReturn",
      '-3',
    ]);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await toXlsx(rows, 'Notes')).buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('B2').value).toBe("'\tTab");
    // XML has no bare carriage return: the file keeps it as a line break, still behind the apostrophe.
    expect(sheet.getCell('B3').value).toMatch(/^'[\r\n]Return$/);
    expect(sheet.getCell('B4').value).toBe(-3);
  }, 30_000);

  it('get a leading apostrophe in the XLSX, while a negative number stays a number', async () => {
    const file = await exportWidget(hostile(), 'XLS');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.blob.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Timestamp', ...neutralized]);
    expect(sheet.getCell('C1').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('C2').value).toBe(-4.5);
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
  }, 30_000);
});

describe('SVG export', () => {
  it('is an SVG document with the title and the drawing', async () => {
    const file = await exportWidget(input(), 'SVG');
    const svg = await file.blob.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="640" height="320"');
    expect(svg).toContain('Boiler, &#34;north&#34;');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('draws HTML kinds too (KPI, table, controls)', async () => {
    for (const id of [
      'kpi.basic',
      'table.history',
      'button.on',
      'status_lamp.traffic_light',
      'progress.ring',
      'text.instructions',
    ]) {
      const variant = findWidgetVariant(id)!;
      const file = await exportWidget(
        input({ variant, config: resolveWidgetConfig(variant, { title: id }) }),
        'SVG',
      );
      expect(await file.blob.text(), id).toContain('<svg');
    }
  });
});

describe('PDF export', () => {
  // The smallest baseline JPEG header: SOI, an APP0 segment and a SOF0 frame of 3 × 2 pixels.
  const jpeg = new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
  ]);

  it('reads the JPEG size and writes one page with a valid cross-reference table', () => {
    expect(jpegSize(jpeg)).toEqual({ width: 3, height: 2 });
    const pdf = jpegToPdf(jpeg, 640, 320, 'Boiler (north)');
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 480 240]');
    expect(text).toContain('/Width 3 /Height 2');
    expect(text).toContain('/Title (Boiler \\(north\\))');
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, offset] of offsets.entries())
      expect(text.slice(offset, offset + 7)).toBe(`${i + 1} 0 obj`);
  });

  it('refuses bytes that are not a JPEG', () => {
    expect(() => jpegToPdf(new Uint8Array([1, 2, 3]), 10, 10)).toThrow('Not a JPEG image');
  });
});

describe('file names', () => {
  it('come from the title or the variant name', () => {
    const now = new Date('2025-03-04T05:06:07Z');
    expect(exportFilename(input(), 'PNG', now)).toBe('boiler-north-2025-03-04.png');
    const variant = findWidgetVariant('gauge.temperature')!;
    expect(
      exportFilename({ variant, config: resolveWidgetConfig(variant, { title: '' }) }, 'JPEG', now),
    ).toBe('temperature-gauge-2025-03-04.jpg');
  });
});
