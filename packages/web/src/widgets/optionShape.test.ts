import { describe, expect, it } from 'vitest';
import { optionShape } from './optionShape';

describe('optionShape', () => {
  const base = {
    xAxis: { type: 'time', min: 1, name: 'ts' },
    yAxis: [{ type: 'value' }],
    series: [{ type: 'line', data: [[1, 2]], markLine: { data: [{ type: 'max' }] } }],
  };

  it('is the same when only values and data change', () => {
    const next = {
      xAxis: { type: 'time', min: 5, name: 'ts' },
      yAxis: [{ type: 'value' }],
      series: [
        {
          type: 'line',
          data: [
            [1, 2],
            [2, 3],
            [3, 4],
          ],
          markLine: { data: [] },
        },
      ],
    };
    expect(optionShape(next)).toBe(optionShape(base));
  });

  it('differs when a series, a mark or a setting comes or goes', () => {
    const twoSeries = { ...base, series: [...base.series, { type: 'line', data: [] }] };
    const noMark = { ...base, series: [{ type: 'line', data: [[1, 2]] }] };
    const unset = { ...base, xAxis: { type: 'time', min: undefined, name: 'ts' } };
    for (const other of [twoSeries, noMark, unset]) expect(optionShape(other)).not.toBe(optionShape(base));
  });

  it('tells functions from values and keeps array lengths outside data', () => {
    expect(optionShape({ formatter: () => 'x' })).not.toBe(optionShape({ formatter: '{value}' }));
    expect(optionShape({ center: ['50%', '50%'] })).not.toBe(optionShape({ center: ['50%'] }));
  });
});
