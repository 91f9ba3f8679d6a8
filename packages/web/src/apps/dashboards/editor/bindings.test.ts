import {
  findWidgetVariant,
  maxSeries,
  resolveWidgetConfig,
  seriesKey,
  widgetSeriesSchema,
} from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { newBinding } from './BindingRows';
import { applyBindings, bindingsComplete, bindingsOf } from './bindings';
import { defaultSize, ownConfig } from './ownConfig';

const S1 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a31';
const S2 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a32';
const line = findWidgetVariant('line.live');
if (!line) throw new Error('line.live is in the catalogue');

describe('binding series to sensor parameters', () => {
  it('starts with one empty row and needs a sensor and a parameter on every row', () => {
    const rows = bindingsOf([]);
    expect(rows).toHaveLength(1);
    expect(bindingsComplete(rows)).toBe(false);
    expect(bindingsComplete([{ ...newBinding(), sensorId: S1, paramKey: 'power' }])).toBe(true);
  });

  it('names a new series after its sensor and parameter, with the parameter’s unit and key', () => {
    const config = resolveWidgetConfig(line);
    const bound = applyBindings(config, [
      { ...newBinding(), sensorId: S1, paramKey: 'temperature', sensorName: 'Hall probe', unit: '°C' },
    ]);
    expect(bound.series).toHaveLength(1);
    expect(bound.series[0]).toMatchObject({
      key: seriesKey(S1, 'temperature'),
      sensor_id: S1,
      param_key: 'temperature',
      name: 'Hall probe · temperature',
      unit: '°C',
    });
    expect(bound.unit).toBe('°C');
  });

  it('keeps the display settings of a series still bound to the same parameter', () => {
    const kept = widgetSeriesSchema.parse({
      key: seriesKey(S1, 'power'),
      sensor_id: S1,
      param_key: 'power',
      name: 'Press power',
      color: '#ff0000',
      custom_formula: { sl_equation: true, m: 2, c: 1 },
    });
    const config = resolveWidgetConfig(line, { series: [kept] });
    const rows = bindingsOf(config.series);
    const bound = applyBindings(config, [...rows, { ...newBinding(), sensorId: S2, paramKey: 'power' }]);
    expect(bound.series[0]).toMatchObject({
      name: 'Press power',
      color: '#ff0000',
      custom_formula: { m: 2, c: 1 },
    });
    expect(bound.series[1]?.sensor_id).toBe(S2);
  });

  it('lets single-value kinds bind one series, scatter two, charts several', () => {
    expect(maxSeries('gauge')).toBe(1);
    expect(maxSeries('kpi')).toBe(1);
    expect(maxSeries('scatter')).toBe(2);
    expect(maxSeries('line')).toBeGreaterThan(2);
  });
});

describe('what an instance stores', () => {
  it('is only what differs from its variant’s defaults', () => {
    const config = { ...resolveWidgetConfig(line), title: 'Temperature', decimals: 1 };
    expect(ownConfig(line, config)).toEqual({ title: 'Temperature', decimals: 1 });
    expect(ownConfig(line, resolveWidgetConfig(line))).toEqual({});
  });

  it('sizes a new widget by its catalogue group', () => {
    expect(defaultSize('charts')).toEqual({ w: 6, h: 9 });
    expect(defaultSize('indicators').w).toBeLessThan(6);
  });
});
