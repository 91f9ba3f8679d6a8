import { describe, expect, it } from 'vitest';
import { AREA_FILL_OPACITY, SCATTER_SECOND_SERIES } from '../constants';
import { defaultWidgetConfig, widgetConfigSchema } from './config';
import { WIDGET_CATEGORIES, WIDGET_KINDS } from './kinds';
import { applyCustomFormula, formatCustomFormula, widgetSeriesSchema } from './series';
import { newThresholdRange } from './thresholds';
import { findWidgetVariant, WIDGET_VARIANTS } from './variants';
import { resolveWidgetConfig, safeResolveWidgetConfig, widgetTelemetryQuery } from './widgetData';

describe('widget catalogue (spec §1: over 200 widgets)', () => {
  it('holds at least 200 variants with unique kind.preset ids', () => {
    expect(WIDGET_VARIANTS.length).toBeGreaterThanOrEqual(200);
    const ids = new Set(WIDGET_VARIANTS.map((v) => v.id));
    expect(ids.size).toBe(WIDGET_VARIANTS.length);
    for (const v of WIDGET_VARIANTS) {
      expect(v.id).toBe(`${v.kind}.${v.preset}`);
      expect(v.name.length, v.id).toBeGreaterThan(0);
      expect(v.description.length, v.id).toBeGreaterThan(0);
      expect(WIDGET_CATEGORIES).toContain(v.category);
    }
  });

  it('gives every kind at least one variant', () => {
    for (const kind of WIDGET_KINDS)
      expect(
        WIDGET_VARIANTS.some((v) => v.kind === kind),
        kind,
      ).toBe(true);
  });

  it("every variant's defaults parse into a complete config", () => {
    for (const v of WIDGET_VARIANTS) {
      const parsed = widgetConfigSchema.safeParse(v.defaults);
      expect(parsed.success, `${v.id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('finds variants by id', () => {
    expect(findWidgetVariant('gauge.temperature')?.defaults.unit).toBe('°C');
    expect(findWidgetVariant('line.basic')?.kind).toBe('line');
    expect(findWidgetVariant('nope.nope')).toBeUndefined();
  });
});

describe('widget config', () => {
  it('fills every field in from an empty object', () => {
    const config = defaultWidgetConfig();
    expect(config.color_stops).toHaveLength(3);
    expect(config.text_settings.fontSize).toBe('14px');
    expect(config.entire_range).toEqual({ min: 0, max: 100 });
  });

  it('refuses a threshold row whose start is not less than its end, naming the row', () => {
    const bad = { ...newThresholdRange([]), from: 50, to: 50 };
    const result = widgetConfigSchema.safeParse({ thresholds: [bad] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['thresholds', 0, 'to']);
    // Boolean rows are fixed points and never refused.
    expect(widgetConfigSchema.safeParse({ data_type: 'boolean', thresholds: [bad] }).success).toBe(true);
  });

  it('refuses script URLs for images', () => {
    expect(widgetConfigSchema.safeParse({ image_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(widgetConfigSchema.safeParse({ image_url: 'data:image/svg+xml;base64,AAAA' }).success).toBe(false);
    expect(widgetConfigSchema.safeParse({ image_url: '/api/images/a.png' }).success).toBe(true);
  });

  it('resolves the instance config over the variant defaults, tolerating a broken stored config', () => {
    const variant = findWidgetVariant('gauge.pressure')!;
    expect(resolveWidgetConfig(variant, { title: 'Boiler' })).toMatchObject({ title: 'Boiler', unit: 'bar' });
    expect(safeResolveWidgetConfig(variant, { decimals: 'many' }).unit).toBe('bar');
  });

  it('builds the read query: a window ending now, or the N newest raw points', () => {
    const now = new Date('2025-01-02T00:00:00Z');
    const q = widgetTelemetryQuery(resolveWidgetConfig(findWidgetVariant('line.day')!), now);
    expect(q).toMatchObject({
      from_date: '2025-01-01T00:00:00.000Z',
      to_date: '2025-01-02T00:00:00.000Z',
      type: 'aggregate',
    });
    expect(widgetTelemetryQuery(resolveWidgetConfig(findWidgetVariant('line.live')!), now)).toMatchObject({
      type: 'raw',
      last: 100,
    });
  });
});

describe('series and custom formula (spec §3)', () => {
  it('applies y = m·x + c only when sl_equation is on', () => {
    expect(applyCustomFormula(10, { sl_equation: true, m: 1.8, c: 32 })).toBe(50);
    expect(applyCustomFormula(10, { sl_equation: false, m: 1.8, c: 32 })).toBe(10);
    expect(formatCustomFormula({ sl_equation: true, m: 2, c: -3 })).toBe('y = 2x - 3');
  });

  it('defaults a series to the left axis with the identity formula', () => {
    expect(widgetSeriesSchema.parse({ name: 'T' })).toMatchObject({
      axes: 'left',
      unit: '',
      custom_formula: { sl_equation: false, m: 1, c: 0 },
    });
  });

  it('keeps the §9 constants', () => {
    expect(SCATTER_SECOND_SERIES).toEqual({ name: 'Test', color: 'green' });
    expect(AREA_FILL_OPACITY).toBe(0.2);
  });
});
