import type { WidgetInstanceDataResponse } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { bucketWidth } from '../../app/liveSeries';
import { mergeLive, widgetDataOf } from './mergeLive';

const SENSOR = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a30';
const KEY = `${SENSOR}:power`;

function response(
  query: Partial<WidgetInstanceDataResponse['query']>,
  points: { ts: string; value: number }[],
) {
  return {
    query: {
      aggregate_func: 'avg' as const,
      from_date: '2026-05-01T10:00:00.000Z',
      to_date: '2026-05-01T11:00:00.000Z',
      group_interval: 1,
      group_interval_type: 'minute' as const,
      type: 'aggregate' as const,
      last: null,
      ...query,
    },
    series: [{ key: 'power', sensor_id: SENSOR, param_key: 'power', sensor_name: 'S1', unit: 'kW', points }],
  };
}
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 4, 1, 10, minute, second)).toISOString();

describe('folding live values into a widget read', () => {
  it('appends newer raw points and keeps only the newest N of a last-N read', () => {
    const read = response({ type: 'raw', last: 3 }, [
      { ts: at(1), value: 1 },
      { ts: at(2), value: 2 },
      { ts: at(3), value: 3 },
    ]);
    const base = widgetDataOf(read);
    const live = new Map([
      [
        KEY,
        [
          { ts: at(2), value: 99 },
          { ts: at(4), value: 4 },
          { ts: at(5), value: 5 },
        ],
      ],
    ]);
    const merged = mergeLive(read, live, base);
    expect(merged.series[0]?.points.map((p) => p.value)).toEqual([3, 4, 5]);
    expect(merged.series[0]?.key).toBe('power');
  });

  it('keeps the newest N and the window of a raw read from a long live buffer', () => {
    const second = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, 0) + s * 1000).toISOString();
    const buffer = Array.from({ length: 2_000 }, (_, s) => ({ ts: second(s + 1), value: s + 1 }));
    const live = new Map([[KEY, buffer]]);
    const lastN = response({ type: 'raw', last: 100 }, [{ ts: second(0), value: 0 }]);
    const kept = mergeLive(lastN, live, widgetDataOf(lastN)).series[0]?.points ?? [];
    expect(kept.map((p) => p.value)).toEqual(Array.from({ length: 100 }, (_, i) => 1_901 + i));
    const windowed = response({ type: 'raw', from_date: second(-60), to_date: second(0) }, [
      { ts: second(0), value: 0 },
    ]);
    const inWindow = mergeLive(windowed, live, widgetDataOf(windowed)).series[0]?.points ?? [];
    expect(inWindow.map((p) => p.value)).toEqual(Array.from({ length: 60 }, (_, i) => 1_941 + i));
  });

  it('answers the same data when nothing newer arrived, so renderers do not redraw', () => {
    const read = response({ type: 'raw', last: 10 }, [{ ts: at(3), value: 3 }]);
    const base = widgetDataOf(read);
    expect(mergeLive(read, new Map([[KEY, [{ ts: at(1), value: 1 }]]]), base)).toBe(base);
    expect(mergeLive(read, new Map(), base)).toBe(base);
  });

  it('folds values after the read into new buckets of the same width (avg of the bucket)', () => {
    const read = response({ to_date: at(59, 30) }, [{ ts: at(59), value: 10 }]);
    const live = new Map([
      [
        KEY,
        [
          { ts: at(59, 10), value: 500 }, // counted by the read already
          { ts: new Date(Date.UTC(2026, 4, 1, 11, 0, 5)).toISOString(), value: 2 },
          { ts: new Date(Date.UTC(2026, 4, 1, 11, 0, 45)).toISOString(), value: 4 },
        ],
      ],
    ]);
    const merged = mergeLive(read, live, widgetDataOf(read));
    const points = merged.series[0]?.points ?? [];
    expect(points[points.length - 1]).toEqual({ ts: '2026-05-01T11:00:00.000Z', value: 3 });
    expect(points.find((p) => p.ts === at(59))?.value).toBe(10);
  });

  it('combines max, sum and count into the bucket the read left open', () => {
    const open = (func: 'max' | 'sum' | 'count') =>
      mergeLive(
        response({ aggregate_func: func, to_date: at(59, 30) }, [{ ts: at(59), value: 10 }]),
        new Map([
          [
            KEY,
            [
              { ts: at(59, 40), value: 12 },
              { ts: at(59, 50), value: 3 },
            ],
          ],
        ]),
        widgetDataOf(response({}, [{ ts: at(59), value: 10 }])),
      ).series[0]?.points.at(-1)?.value;
    expect(open('max')).toBe(12);
    expect(open('sum')).toBe(25);
    expect(open('count')).toBe(12);
  });

  it('drops buckets that slid out of the window (a bucket still overlapping it stays)', () => {
    const read = response({ from_date: at(0), to_date: at(3) }, [
      { ts: at(0), value: 1 },
      { ts: at(1), value: 1 },
      { ts: at(2), value: 1 },
    ]);
    const merged = mergeLive(read, new Map([[KEY, [{ ts: at(4, 1), value: 7 }]]]), widgetDataOf(read));
    expect(merged.series[0]?.points.map((p) => p.ts)).toEqual([at(1), at(2), at(4)]);
  });

  it('leaves weeks and months as read (buckets of no fixed width)', () => {
    expect(bucketWidth({ group_interval: 1, group_interval_type: 'month' })).toBeNull();
    expect(bucketWidth({ group_interval: 5, group_interval_type: 'minute' })).toBe(300_000);
    const read = response({ group_interval_type: 'week' }, [{ ts: at(0), value: 1 }]);
    const base = widgetDataOf(read);
    expect(mergeLive(read, new Map([[KEY, [{ ts: at(50), value: 9 }]]]), base)).toBe(base);
  });
});
