import { findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { applyFittedScale } from './useFittedScale';

const gauge = findWidgetVariant('gauge.basic');
if (!gauge) throw new Error('no gauge.basic');

describe('fitting a new gauge to its parameter', () => {
  it('replaces the 0–100 default dial and the default decimals', () => {
    const config = resolveWidgetConfig(gauge);
    const fitted = applyFittedScale(config, gauge, { range: { min: 0, max: 12 }, decimals: 2 }, null);
    expect(fitted.entire_range).toEqual({ min: 0, max: 12 });
    expect(fitted.decimals).toBe(2);
  });

  it('keeps a range the user set, but follows a new parameter where it set the range itself', () => {
    const config = { ...resolveWidgetConfig(gauge), entire_range: { min: 10, max: 20 } };
    expect(
      applyFittedScale(config, gauge, { range: { min: 0, max: 12 }, decimals: 1 }, null).entire_range,
    ).toEqual({
      min: 10,
      max: 20,
    });
    const auto = { ...resolveWidgetConfig(gauge), entire_range: { min: 0, max: 12 }, decimals: 2 };
    const next = applyFittedScale(
      auto,
      gauge,
      { range: { min: 0, max: 150 }, decimals: 1 },
      {
        entire_range: { min: 0, max: 12 },
        decimals: 2,
      },
    );
    expect(next.entire_range).toEqual({ min: 0, max: 150 });
    expect(next.decimals).toBe(1);
  });
});
