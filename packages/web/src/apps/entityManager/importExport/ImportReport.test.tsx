import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { ImportReport } from './ImportReport';
import { CSV_TEMPLATE, readImportFile } from './importFile';

beforeAll(installDomShims);
afterEach(cleanup);

describe('ImportReport', () => {
  it('says nothing was written and lists every row with its ref and problems', () => {
    renderWithProviders(
      <ImportReport
        report={{
          created: 0,
          rows: 40,
          errors: [
            { row: 3, ref: 'line-9', errors: ['parent_ref "site-9" names no row'] },
            { row: 7, ref: null, errors: ['kind: must be asset or sensor', 'No asset type "Pump"'] },
          ],
        }}
      />,
    );
    expect(screen.getByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText(/2 rows of 40 have 3 problems/)).toBeInTheDocument();
    const row3 = document.querySelector('[data-report-row="3"]') as HTMLElement;
    expect(within(row3).getByText('line-9')).toBeInTheDocument();
    expect(within(row3).getByText('parent_ref "site-9" names no row')).toBeInTheDocument();
    const row7 = document.querySelector('[data-report-row="7"]') as HTMLElement;
    expect(within(row7).getByText('—')).toBeInTheDocument();
    expect(within(row7).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('readImportFile', () => {
  it('sends CSV as text and counts its data rows', () => {
    const ready = readImportFile('plant.csv', CSV_TEMPLATE);
    expect(ready.format).toBe('csv');
    expect(ready.rows).toBe(3);
    expect(ready.body).toEqual({ format: 'csv', csv: CSV_TEMPLATE });
  });

  it('accepts the JSON export ({format, rows}) and a bare array', () => {
    const rows = [{ ref: 'a', kind: 'asset', name: 'A', type: 'Site' }];
    expect(readImportFile('x.json', JSON.stringify({ format: 'json', rows })).body).toEqual({
      format: 'json',
      rows,
    });
    expect(readImportFile('x.json', JSON.stringify(rows)).rows).toBe(1);
  });

  it('refuses broken or empty files with a reason', () => {
    expect(() => readImportFile('x.json', '{"rows": ')).toThrow(/not valid JSON/);
    expect(() => readImportFile('x.json', '{"items": []}')).toThrow(/"rows" array/);
    expect(() => readImportFile('x.json', '[]')).toThrow(/no rows/);
    expect(() => readImportFile('x.csv', '  ')).toThrow(/empty/);
  });
});
