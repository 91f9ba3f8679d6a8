/**
 * A line chart's value axis as a person reads it: a level that barely moves (a drum at 57.5 % for a
 * minute) must not print the same label on every tick. Drawn by ECharts' SVG renderer, as exported.
 */
import { WIDGET_VARIANTS } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { previewSample } from '../catalogue/previewSample';
import { renderSvg } from '../export/image';
import { widgetDefinition } from '../registry';
import { installWidgetShims } from '../testing';
import { chartContextOf } from '../useChartContext';

installWidgetShims();

const SIZE = { width: 520, height: 300 };

function valueLabels(level: number, decimals: number, unit: string): string[] {
  const variant = WIDGET_VARIANTS.find((v) => v.kind === 'line')!;
  const sample = previewSample(variant);
  const config = { ...sample.config, decimals, unit, show_legend: false };
  const base = chartContextOf({
    variant,
    config,
    data: sample.data,
    loading: false,
    error: null,
    theme: 'light',
    ...SIZE,
  });
  const now = Date.parse('2026-11-27T12:00:00Z');
  const flat = base.series.slice(0, 1).map((s) => ({
    ...s,
    unit,
    points: [
      [now - 60_000, level],
      [now - 30_000, level + 0.01],
      [now, level],
    ] as Array<[number, number]>,
  }));
  const svg = renderSvg({
    option: widgetDefinition('line').toOption({ ...base, series: flat }),
    config,
    theme: 'light',
    ...SIZE,
  });
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map(([, text = '']) => text.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))))
    .filter((text) => text.endsWith(unit));
}

describe('the value axis of a nearly flat series', () => {
  it.each([
    [57.5, 1, '%'],
    [10.27, 2, 'bar'],
    [171, 0, '°C'],
  ])('%s with %s decimals labels each tick differently', (level, decimals, unit) => {
    const labels = valueLabels(level, decimals, unit);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
