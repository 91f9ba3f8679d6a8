/**
 * The catalogue's time-series cards as a person scans them: each time label once (no "18:00 … 18:00"),
 * no label running off the card, and samples named like a plant with a unit, never "sample-1". Drawn
 * the way the card draws them, at the card's size, by ECharts' SVG renderer.
 */
import { WIDGET_VARIANTS, type WidgetKind } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../export/image';
import { widgetDefinition } from '../registry';
import { installWidgetShims } from '../testing';
import { estimateTextWidth } from '../textWidth';
import type { WidgetTheme } from '../types';
import { chartContextOf } from '../useChartContext';
import { previewSample } from './previewSample';

installWidgetShims();

const CARD = { width: 206, height: 110 };
const TIME_KINDS: readonly WidgetKind[] = ['line', 'area', 'bar', 'column', 'stacked', 'step', 'scatter'];
/** Clock times, dates, months and years as the time axis writes them. */
const TIME_LABEL = /^(\d{2}:\d{2}(:\d{2})?|\d{1,2} [A-Z][a-z]{2}( \d{2}:\d{2})?|[A-Z][a-z]{2} \d{4}|\d{4})$/;

interface DrawnText {
  text: string;
  left: number;
  right: number;
}

function decode(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** The texts of a drawing with their horizontal extent. */
function drawnTexts(svg: string): DrawnText[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes = '', raw = '']) => {
    const text = decode(raw);
    const size = Number(/font-size:\s*(\d+)px|(\d+)px/.exec(attributes)?.slice(1).find(Boolean) ?? 12);
    const x = Number(
      /translate\(([-\d.]+)/.exec(attributes)?.[1] ?? /\bx="([-\d.]+)"/.exec(attributes)?.[1] ?? 0,
    );
    const anchor = /text-anchor="(\w+)"/.exec(attributes)?.[1] ?? 'start';
    const width = estimateTextWidth(text, size) * 0.9;
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    return { text, left, right: left + width };
  });
}

function drawPreview(id: string, theme: WidgetTheme): DrawnText[] {
  const variant = WIDGET_VARIANTS.find((v) => v.id === id)!;
  const { config, data } = previewSample(variant);
  const ctx = chartContextOf({ variant, config, data, loading: false, error: null, theme, ...CARD });
  return drawnTexts(
    renderSvg({ option: widgetDefinition(variant.kind).toOption(ctx), config, theme, ...CARD }),
  );
}

const TIME_VARIANTS = WIDGET_VARIANTS.filter((v) => TIME_KINDS.includes(v.kind)).map((v) => v.id);

describe('catalogue previews of time-series charts', () => {
  it('cover every time-series kind', () => {
    expect(new Set(TIME_VARIANTS.map((id) => id.split('.')[0]))).toEqual(new Set(TIME_KINDS));
  });

  for (const theme of ['light', 'dark'] as const) {
    it.each(TIME_VARIANTS)(`%s (${theme}) says each time once, keeps its labels on the card`, (id) => {
      const texts = drawPreview(id, theme);
      const times = texts.map((t) => t.text).filter((t) => TIME_LABEL.test(t));
      expect(times.length, 'a time axis with labels').toBeGreaterThan(0);
      expect(times, 'repeated time labels').toEqual([...new Set(times)]);
      for (const t of texts) {
        expect(t.left, `“${t.text}” leaves the card on the left`).toBeGreaterThanOrEqual(-1);
        expect(t.right, `“${t.text}” leaves the card on the right`).toBeLessThanOrEqual(CARD.width + 1);
        expect(t.text).not.toMatch(/sample-\d/);
      }
    });
  }
});

describe('catalogue preview samples', () => {
  it('stand for plant measures with units, in the variant’s own unit when it has one', () => {
    const line = previewSample(WIDGET_VARIANTS.find((v) => v.id === 'line.basic')!);
    expect(line.config.unit).toBe('°C');
    expect(line.config.series.map((s) => s.name)).toEqual([
      'Motor temperature',
      'Bearing temperature',
      'Gearbox temperature',
    ]);
    const pressure = previewSample(WIDGET_VARIANTS.find((v) => v.id === 'gauge.pressure')!);
    expect(pressure.config.unit).toBe('bar');
    expect(pressure.config.series[0]?.name).toBe('Header pressure');
  });

  it('stay inside the variant’s range and read the window it reads', () => {
    for (const variant of WIDGET_VARIANTS) {
      const { config, data } = previewSample(variant);
      const { min, max } = config.entire_range;
      for (const s of data.series) {
        for (const p of s.points) {
          expect(p.value).toBeGreaterThanOrEqual(min ?? 0);
          expect(p.value).toBeLessThanOrEqual(max ?? 100);
        }
      }
    }
    const hour = previewSample(WIDGET_VARIANTS.find((v) => v.id === 'line.hour')!).data.series[0]!.points;
    const span = Date.parse(hour.at(-1)!.ts) - Date.parse(hour[0]!.ts);
    expect(span).toBeLessThanOrEqual(3_600_000);
  });
});

describe('a donut preview', () => {
  it('keeps its total inside the hole (without its unit when the hole is small)', () => {
    const variant = WIDGET_VARIANTS.find((v) => v.id === 'donut.basic')!;
    const { config, data } = previewSample(variant);
    const ctx = chartContextOf({
      variant,
      config,
      data,
      loading: false,
      error: null,
      theme: 'light',
      ...CARD,
    });
    const option = widgetDefinition('donut').toOption(ctx) as {
      graphic: { style: { text: string; fontSize: number } }[];
    };
    const { text, fontSize } = option.graphic[0]!.style;
    expect(text).toMatch(/^[\d,.]+( kWh)?$/);
    const hole = (Math.min(CARD.width, CARD.height) / 2) * (Math.max(config.inner_radius, 20) * 0.007);
    expect(estimateTextWidth(text, fontSize, true)).toBeLessThanOrEqual(hole * 2);
  });
});

describe('a pie preview with percentages', () => {
  it('writes whole shares, every one on the card', () => {
    const texts = drawPreview('pie.labels', 'light').map((t) => t.text);
    const shares = texts.filter((t) => /%$/.test(t));
    expect(shares.length).toBe(3);
    for (const share of shares) expect(share).toMatch(/^\d{1,3}%$/);
    expect(texts.join(' ')).not.toMatch(/…|\.\.\./);
  });
});
