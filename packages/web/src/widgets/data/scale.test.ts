import { findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { valueAxis } from '../charts/common';
import { decimalsFor, fittedScale, niceRange, parameterRange } from './scale';

describe('a new widget’s scale', () => {
  it('takes the range the sensor type gives the parameter', () => {
    const properties = [
      { key: 'vibration.min', value: '0' },
      { key: 'vibration.max', value: '12' },
      { key: 'temperature.max', value: '150' },
    ];
    expect(parameterRange(properties, 'vibration')).toEqual({ min: 0, max: 12 });
    // One end only, or nonsense, is no range.
    expect(parameterRange(properties, 'temperature')).toBeNull();
    expect(parameterRange([{ key: 'x.min', value: 'low' }, { key: 'x.max', value: '3' }], 'x')).toBeNull();
  });

  it('else fits the readings seen, from 0 to a round number above them, not 0–100', () => {
    expect(niceRange([3.2, 4.1, 3.7])).toEqual({ min: 0, max: 5 });
    expect(niceRange([812, 840, 905])).toEqual({ min: 0, max: 1200 });
    expect(niceRange([-12, 4])?.min).toBeLessThan(-12);
    expect(niceRange([])).toBeNull();
  });

  it('picks decimals from the readings’ size and unit', () => {
    expect(decimalsFor([70.21, 70.4, 69.9], '°C')).toBe(1);
    expect(decimalsFor([1.512, 1.49], 'bar')).toBe(2);
    expect(decimalsFor([0.031, 0.029], 'mm')).toBe(3);
    expect(decimalsFor([1480, 1502], 'rpm')).toBe(0);
    expect(decimalsFor([45.25, 46.5], '%')).toBe(1);
    expect(decimalsFor([12, 14, 13], 'pcs')).toBe(0);
  });

  it('prefers the type’s range to the readings and sizes decimals by the range without readings', () => {
    expect(fittedScale({ min: 0, max: 150 }, [70.2], '°C')).toEqual({ range: { min: 0, max: 150 }, decimals: 1 });
    expect(fittedScale({ min: 0, max: 2.5 }, [], 'bar')).toEqual({ range: { min: 0, max: 2.5 }, decimals: 2 });
    expect(fittedScale(null, [], '')).toEqual({ range: null, decimals: null });
  });
});

describe('a chart’s value axis', () => {
  it('labels round ticks without trailing zeros: "70 °C", not "70.00 °C"', () => {
    const variant = findWidgetVariant('line.basic');
    if (!variant) throw new Error('no line.basic');
    const axis = valueAxis(resolveWidgetConfig(variant, { unit: '°C' })) as {
      axisLabel: { formatter: (v: number) => string };
    };
    expect(axis.axisLabel.formatter(70)).toBe('70 °C');
    expect(axis.axisLabel.formatter(0.5)).toBe('0.5 °C');
  });
});
