import { WIDGET_VARIANTS } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { widgetProps } from '../testing';
import { chartContextOf } from '../useChartContext';
import { sparklineOption } from './sparkline';

const sparkline = WIDGET_VARIANTS.find((variant) => variant.kind === 'sparkline')!;

/** The value's text style and the top of the plot, for a card of the given size. */
function layout(width: number, height: number) {
  const props = widgetProps(sparkline, { width, height });
  props.config = { ...props.config, unit: 'mm/s', decimals: 2 };
  const option = sparklineOption(chartContextOf(props)) as {
    graphic: { y: number; style: { text: string; fontSize: number } }[];
    grid: { top: number };
  };
  const value = option.graphic[0]!;
  return { y: value.y, ...value.style, plotTop: option.grid.top };
}

describe('sparkline', () => {
  it('shrinks the value to the width of a narrow card, whole value and unit', () => {
    const wide = layout(320, 130);
    const narrow = layout(90, 130);
    expect(narrow.text).toBe(wide.text);
    expect(narrow.text).toContain('mm/s');
    expect(wide.fontSize).toBeGreaterThan(20);
    expect(narrow.fontSize).toBeLessThan(wide.fontSize);
    // Bold digits are about 0.62 em wide: the text stays inside the card's 6 px margins.
    expect(narrow.text.length * 0.62 * narrow.fontSize).toBeLessThanOrEqual(90 - 12);
  });

  it('starts the plot below the value, which keeps clear of the card top', () => {
    for (const [width, height] of [
      [320, 130],
      [90, 130],
      [200, 60],
    ] as const) {
      const { y, fontSize, plotTop } = layout(width, height);
      expect(y).toBeGreaterThanOrEqual(6);
      expect(plotTop).toBeGreaterThanOrEqual(y + fontSize);
    }
  });
});
