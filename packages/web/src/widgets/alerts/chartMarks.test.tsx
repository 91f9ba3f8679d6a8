import { type AlertMark, findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeSeriesOption } from '../charts/timeSeries';
import { widgetProps } from '../testing';
import { chartContextOf } from '../useChartContext';
import { AlertMarksContext } from './AlertMarksContext';
import { SEVERITY_HEX } from './alertMarks';
import { useAlertMarks } from './useAlertMarks';

afterEach(cleanup);

const SENSOR = '5d1e8c2a-1b3f-4c6d-9e7f-0a1b2c3d4e5f';
const variant = findWidgetVariant('line.basic')!;
const config = resolveWidgetConfig(variant, {
  time_range: '1h',
  series: [{ key: `${SENSOR}:temperature`, sensor_id: SENSOR, param_key: 'temperature', name: 'Temp' }],
});
const at = Date.parse('2026-01-01T10:00:00Z');
const mark: AlertMark = {
  id: '00000000-0000-4000-8000-000000000001',
  sensor_id: SENSOR,
  param_key: 'temperature',
  triggered_at: new Date(at).toISOString(),
  value: 91,
  severity: 'major',
  status: 'active',
  description: 'Too hot',
};

let seen: AlertMark[] = [];
/** Records what the hook answers for a kind. */
function Probe({ kind }: { kind: 'line' | 'gauge' }) {
  seen = useAlertMarks(kind, config);
  return null;
}

describe('alerts on dashboards’ line charts', () => {
  it('pins the alerts of the bound sensor parameter where they fired', () => {
    const data = {
      series: [{ key: `${SENSOR}:temperature`, points: [{ ts: new Date(at).toISOString(), value: 91 }] }],
    };
    const props = widgetProps(variant, { config }, data as never);
    const option = timeSeriesOption({ ...chartContextOf(props), alertMarks: [mark] }, 'line');
    const series = (
      option.series as Array<{
        markPoint?: { data: Array<{ coord: number[]; itemStyle: { color: string } }> };
      }>
    )[0]!;
    expect(series.markPoint?.data[0]?.coord).toEqual([at, 91]);
    expect(series.markPoint?.data[0]?.itemStyle.color).toBe(SEVERITY_HEX.major);
    const other = timeSeriesOption(
      { ...chartContextOf(props), alertMarks: [{ ...mark, sensor_id: 'x' }] },
      'line',
    );
    expect((other.series as Array<{ markPoint?: unknown }>)[0]?.markPoint).toBeUndefined();
  });

  it('reads the marks of its sensors over its window, and none without a source or for other kinds', async () => {
    const read = vi.fn(async () => [mark]);
    await act(async () => {
      render(
        <AlertMarksContext.Provider value={{ read }}>
          <Probe kind="line" />
        </AlertMarksContext.Provider>,
      );
    });
    expect(read).toHaveBeenCalledTimes(1);
    const [ids, from, to] = read.mock.calls[0] as unknown as [string[], string, string];
    expect(ids).toEqual([SENSOR]);
    expect(Date.parse(to) - Date.parse(from)).toBe(3_600_000);
    expect(seen).toEqual([mark]);
    cleanup();
    await act(async () => {
      render(
        <AlertMarksContext.Provider value={{ read }}>
          <Probe kind="gauge" />
        </AlertMarksContext.Provider>,
      );
    });
    expect(read).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });
});
