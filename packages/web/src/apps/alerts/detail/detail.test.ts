import { describe, expect, it } from 'vitest';
import { SEVERITY_HEX } from '../../../widgets/alerts/alertMarks';
import { alertFixture } from '../testing';
import { alertChartOption } from './AlertChart';
import { mergeTimeline } from './Timeline';

type Series = {
  markPoint?: { data: Array<{ coord: [number, number]; itemStyle: { color: string } }> };
  markLine?: { data: Array<{ yAxis: number }> };
};

describe('the alert detail', () => {
  it('pins the alert at the reading that fired it and draws the threshold', () => {
    const alert = alertFixture({ value: 91, triggered_at: '2026-01-01T09:59:58.000Z', threshold: '> 80' });
    const points: Array<[number, number]> = [
      [Date.parse('2026-01-01T09:59:00Z'), 70],
      [Date.parse('2026-01-01T09:59:58Z'), 91],
    ];
    const series = (alertChartOption(alert, points).series as Series[])[0]!;
    expect(series.markPoint?.data[0]?.coord).toEqual([Date.parse('2026-01-01T09:59:58.000Z'), 91]);
    expect(series.markPoint?.data[0]?.itemStyle.color).toBe(SEVERITY_HEX.critical);
    expect(series.markLine?.data).toEqual([{ yAxis: 80 }]);
  });

  it('puts state changes and notifications on one line of time, newest first', () => {
    const merged = mergeTimeline(
      [{ id: '1', at: '2026-01-01T10:00:00Z', kind: 'fired', actor: null, text: 'Fired' }],
      [
        {
          id: '00000000-0000-4000-8000-000000000009',
          medium: 'sms',
          recipient: '+4915112345678',
          status: 'sent',
          attempts: 2,
          last_error: null,
          round: 0,
          step: 0,
          created_at: '2026-01-01T10:00:01Z',
          sent_at: '2026-01-01T10:00:05Z',
        },
      ],
    );
    expect(merged.map((entry) => (entry.event ? entry.event.kind : entry.notification?.medium))).toEqual([
      'sms',
      'fired',
    ]);
  });
});
