import { defaultWidgetConfig, widgetSeriesSchema } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown';
import { prepareSeries, splitScatterSeries } from './prepare';
import { candles, fiveNumberSummary, histogram, linearRegression } from './stats';

const points = (...values: number[]) => values.map((value, i) => ({ ts: new Date(Date.UTC(2025, 0, 1, i)).toISOString(), value }));

describe('prepareSeries', () => {
  it('applies each series custom formula y = m·x + c to data and live values', () => {
    const config = {
      ...defaultWidgetConfig(),
      series: [
        widgetSeriesSchema.parse({ key: 's:t', name: 'Temp °F', custom_formula: { sl_equation: true, m: 1.8, c: 32 } }),
        widgetSeriesSchema.parse({ key: 's:h', name: 'Humidity' }),
      ],
    };
    const data = { series: [{ key: 's:h', points: points(40, 41) }, { key: 's:t', points: points(0, 100) }] };
    const live = { 's:t': { ts: new Date(Date.UTC(2025, 0, 1, 5)).toISOString(), value: 10 } };
    const [temp, humidity] = prepareSeries(config, data, live);
    expect(temp?.points.map(([, v]) => v)).toEqual([32, 212, 50]);
    expect(humidity?.points.map(([, v]) => v)).toEqual([40, 41]);
    expect(temp?.name).toBe('Temp °F');
  });

  it('ignores a live value older than the last point and falls back to data series by position', () => {
    const data = { series: [{ key: 'a', points: points(1, 2, 3) }] };
    const [a] = prepareSeries(defaultWidgetConfig(), data, { a: { ts: '2024-01-01T00:00:00Z', value: 99 } });
    expect(a?.points.map(([, v]) => v)).toEqual([1, 2, 3]);
    expect(a?.key).toBe('a');
  });
});

describe('scatter split (spec §9)', () => {
  it('always gives two series, the second green and named Test', () => {
    const data = { series: [{ key: 'x', points: points(1, 2) }, { key: 'y', points: points(5, 6) }] };
    const [first, second] = splitScatterSeries(prepareSeries(defaultWidgetConfig(), data));
    expect(first.key).toBe('x');
    expect(second).toMatchObject({ name: 'Test', color: 'green' });
    expect(second.points.map(([, v]) => v)).toEqual([5, 6]);
    const [, lone] = splitScatterSeries(prepareSeries(defaultWidgetConfig(), { series: [data.series[0]!] }));
    expect(lone).toMatchObject({ name: 'Test', color: 'green', points: [] });
  });
});

describe('statistics', () => {
  it('bins, quartiles, candles and a trend line', () => {
    expect(histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 10], 2).map((b) => b.count)).toEqual([5, 5]);
    expect(fiveNumberSummary([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
    expect(candles([[0, 1], [10, 5], [20, 2], [3_600_000, 4]], 3_600_000)).toEqual([
      { ts: 0, open: 1, close: 2, low: 1, high: 5 },
      { ts: 3_600_000, open: 4, close: 4, low: 4, high: 4 },
    ]);
    expect(linearRegression([[0, 1], [1, 3], [2, 5]])).toEqual({ slope: 2, intercept: 1 });
  });
});

describe('text widget markdown', () => {
  it('keeps markup and script as literal text and links only to http(s)', () => {
    const blocks = parseMarkdown('# Hi <b>x</b>\n<script>alert(1)</script> **bold** [a](javascript:alert(1)) [b](https://x.io)\n- one\n- two {value}', '42');
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, inlines: [{ type: 'text', text: 'Hi <b>x</b>' }] });
    const para = blocks[1];
    expect(para?.type).toBe('paragraph');
    if (para?.type !== 'paragraph') return;
    expect(para.inlines[0]).toEqual({ type: 'text', text: '<script>alert(1)</script> ' });
    expect(para.inlines).toContainEqual({ type: 'bold', text: 'bold' });
    expect(para.inlines.filter((run) => run.type === 'link')).toEqual([{ type: 'link', text: 'b', href: 'https://x.io' }]);
    expect(para.inlines.map((run) => run.text).join('')).toContain('[a](javascript:alert(1))');
    expect(blocks[2]).toEqual({ type: 'list', items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two 42' }]] });
  });
});
