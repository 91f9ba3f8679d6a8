import { describe, expect, it } from 'vitest';
import { neutralizeCell, neutralizeText, restoreNeutralizedText } from './spreadsheetCells';

describe('spreadsheet cells', () => {
  it('put an apostrophe before text starting with = + - @ tab or carriage return', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '-', "'=x"]) {
      expect(neutralizeText(text)).toBe(`'${text}`);
    }
  });

  it('leave other text, numbers, number literals and empty cells alone', () => {
    for (const text of ['Boiler', ' =x', "'plain", 'a=b', '-4.5', '+3', '-3.5e2', '']) {
      expect(neutralizeText(text)).toBe(text);
    }
    expect(neutralizeCell(-4.5)).toBe(-4.5);
    expect(neutralizeCell(null)).toBeNull();
  });

  it('read back to exactly the text written, apostrophes of the original included', () => {
    for (const text of ['=1+1', "'=1+1", "''@x", "'plain", 'plain', '-4.5', '\tx']) {
      expect(restoreNeutralizedText(neutralizeText(text))).toBe(text);
    }
  });
});
