import { describe, expect, it } from 'vitest';
import { alertMarkPoint, SEVERITY_HEX, thresholdNumbers } from './alertMarks';

const mark = (over: Partial<Parameters<typeof alertMarkPoint>[0][number]> = {}) => ({
  id: 'a1',
  triggered_at: '2026-01-01T10:00:00.000Z',
  value: 9.1,
  severity: 'critical' as const,
  description: 'Bearing hot <P-101>',
  ...over,
});

describe('alert marks on a time chart', () => {
  it('pins an alert at the reading that fired it, in its severity colour', () => {
    const option = alertMarkPoint([mark()], [[Date.parse('2026-01-01T09:59:00Z'), 5]]);
    expect(option?.data).toHaveLength(1);
    expect(option?.data[0]?.coord).toEqual([Date.parse('2026-01-01T10:00:00.000Z'), 9.1]);
    expect(option?.data[0]?.itemStyle.color).toBe(SEVERITY_HEX.critical);
  });

  it('places an alert without a value on the nearest point of the series', () => {
    const near = Date.parse('2026-01-01T10:01:00Z');
    const option = alertMarkPoint(
      [mark({ value: null })],
      [
        [Date.parse('2026-01-01T08:00:00Z'), 1],
        [near, 4],
      ],
    );
    expect(option?.data[0]?.coord).toEqual([Date.parse('2026-01-01T10:00:00.000Z'), 4]);
  });

  it('leaves out alerts outside the window and escapes the description', () => {
    const window: [number, number] = [Date.parse('2026-01-01T11:00:00Z'), Date.parse('2026-01-01T12:00:00Z')];
    expect(alertMarkPoint([mark()], [], window)).toBeUndefined();
    const option = alertMarkPoint([mark()], []);
    expect(option?.tooltip.formatter({ name: 'Bearing hot <P-101>' })).toBe('Bearing hot &lt;P-101&gt;');
  });

  it('reads the numbers of a threshold in words', () => {
    expect(thresholdNumbers('> 7.5')).toEqual([7.5]);
    expect(thresholdNumbers('outside -2–8')).toEqual([-2, 8]);
    expect(thresholdNumbers(null)).toEqual([]);
  });
});
