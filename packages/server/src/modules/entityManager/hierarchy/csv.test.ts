import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, toCsv } from './csv';
import { depthFirst } from './order';

describe('CSV (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3\n\n"",z,\r\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
      ['', 'z', ''],
    ]);
  });

  it('reads a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses broken quoting with the line number', () => {
    expect(() => parseCsv('a\n"open\nstill open')).toThrow(
      new CsvSyntaxError('Line 2: a quoted field is never closed'),
    );
    expect(() => parseCsv('a\nb"c')).toThrow(/Line 2: a quote inside an unquoted field/);
    expect(() => parseCsv('"a"b')).toThrow(/Line 1: text after a closing quote/);
  });

  it('writes what it reads back', () => {
    const records = [
      ['ref', 'name', 'meta.note'],
      ['1', 'Press, big', 'said "go"'],
      ['2', ' padded ', 'line\nbreak'],
      ['3', '', '-12.5'],
    ];
    const text = toCsv(records);
    expect(text).toBe(
      'ref,name,meta.note\r\n1,"Press, big","said ""go"""\r\n2," padded ","line\nbreak"\r\n3,,-12.5\r\n',
    );
    expect(parseCsv(text)).toEqual(records);
  });
});

describe('depth-first order', () => {
  it('puts parents before children and siblings by name, without case first', () => {
    const rows = [
      { id: '1', name: 'beta', parent_id: null },
      { id: '2', name: 'Alpha', parent_id: null },
      { id: '3', name: 'z-child', parent_id: '2' },
      { id: '4', name: 'a-child', parent_id: '2' },
      { id: '5', name: 'deep', parent_id: '4' },
      { id: '6', name: 'alpha', parent_id: null },
    ];
    const { ordered, childCounts } = depthFirst(rows);
    expect(ordered.map((row) => row.name)).toEqual(['Alpha', 'a-child', 'deep', 'z-child', 'alpha', 'beta']);
    expect(childCounts.get('2')).toBe(2);
    expect(childCounts.get('1')).toBeUndefined();
  });

  it('walks a very deep chain without recursion', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: String(i),
      name: `n${i}`,
      parent_id: i === 0 ? null : String(i - 1),
    }));
    expect(depthFirst(rows).ordered).toHaveLength(20_000);
  });
});
