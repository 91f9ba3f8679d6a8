/**
 * Deterministic sample data for catalogue previews, the editor's preview before a parameter is bound,
 * and tests: smooth daily waves with noise from a seeded generator, shaped by the variant's defaults.
 */
import {
  resolveEntireRange,
  WIDGET_TIME_RANGE_MS,
  type WidgetConfig,
  type WidgetData,
  type WidgetVariant,
} from '@ferrite/contracts';

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * A sample step per time range that gives the drawing a few dozen points over the range
 * (WIDGET_TIME_RANGE_MS); the first and the last point are one range apart at most, so a day's
 * points end an hour short of the same clock time the axis would otherwise say twice.
 */
const STEP_MS: Record<WidgetConfig['time_range'], number> = {
  '15m': 60_000,
  '1h': 60_000,
  '6h': 600_000,
  '24h': 3_600_000,
  '7d': 6 * 3_600_000,
  '30d': 86_400_000,
  '90d': 2 * 86_400_000,
  '1y': 7 * 86_400_000,
};

function rangeWindow(range: WidgetConfig['time_range']): { count: number; stepMs: number } {
  const stepMs = STEP_MS[range];
  return { count: Math.floor(WIDGET_TIME_RANGE_MS[range] / stepMs), stepMs };
}

/** Kinds drawn as one bar per point: a dozen bars read better than fifty slivers. */
const BARS = new Set<WidgetVariant['kind']>(['bar', 'column', 'stacked']);

/**
 * The sample window that matches what the variant reads: its last N readings (10 s apart) or its time
 * range, so a "last hour" preview shows minutes and a "last 30 days" one shows days.
 */
export function sampleWindow(
  variant: Pick<WidgetVariant, 'kind'>,
  config: Partial<Pick<WidgetConfig, 'time_range' | 'last'>>,
): { count: number; stepMs: number } {
  if (variant.kind === 'heatmap') return { count: 24 * 7, stepMs: 3_600_000 };
  if (variant.kind === 'histogram') return { count: 200, stepMs: 300_000 };
  if (variant.kind === 'candlestick') return { count: 48, stepMs: 900_000 };
  const window = config.last
    ? { count: Math.min(60, Math.max(2, config.last)), stepMs: 10_000 }
    : rangeWindow(config.time_range ?? '24h');
  if (!BARS.has(variant.kind) || window.count <= 12) return window;
  const span = (window.count - 1) * window.stepMs;
  return { count: 12, stepMs: Math.round(span / 11) };
}

/**
 * `count` points per series ending at `end`, well inside the config's entire range (a sample that
 * grazes the bounds makes the axis reach for the next round number below zero).
 */
export function sampleWidgetData(
  variant: Pick<WidgetVariant, 'id' | 'kind'>,
  config: Pick<WidgetConfig, 'entire_range' | 'data_type'> &
    Partial<Pick<WidgetConfig, 'time_range' | 'last'>>,
  options: { series?: number; count?: number; end?: number; stepMs?: number } = {},
): WidgetData {
  const window = sampleWindow(variant, config);
  const {
    series = 3,
    count = window.count,
    end = Date.UTC(2025, 0, 15, 12),
    stepMs = window.stepMs,
  } = options;
  const random = seeded(hash(variant.id));
  const { min, max } = resolveEntireRange(config.entire_range);
  const span = max - min;
  return {
    series: Array.from({ length: series }, (_, s) => ({
      key: `sample-${s + 1}`,
      points: Array.from({ length: count }, (_, i) => {
        const ts = end - (count - 1 - i) * stepMs;
        if (config.data_type === 'boolean')
          return { ts: new Date(ts).toISOString(), value: random() > 0.4 ? 1 : 0 };
        const wave = Math.sin((i / count) * Math.PI * 2 + s) * 0.22;
        const share = 0.55 + wave + (random() - 0.5) * 0.12 - s * 0.08;
        const value = min + span * Math.min(0.92, Math.max(0.08, share));
        return { ts: new Date(ts).toISOString(), value: Math.round(value * 100) / 100 };
      }),
    })),
  };
}

/**
 * What sample series stand for, by the unit a variant shows (the measure presets carry theirs), so a
 * legend, caption or tooltip reads like a plant ("Motor temperature", "45.2 °C"), never "sample-1".
 */
const SAMPLE_MEASURES: ReadonlyArray<{ unit: string; names: readonly string[] }> = [
  { unit: '°C', names: ['Motor temperature', 'Bearing temperature', 'Gearbox temperature'] },
  { unit: '%', names: ['Tank 1 level', 'Tank 2 level', 'Tank 3 level'] },
  { unit: 'bar', names: ['Header pressure', 'Pump discharge', 'Return line'] },
  { unit: 'kW', names: ['Compressor power', 'Chiller power', 'Pump power'] },
  { unit: 'kWh', names: ['Hall A energy', 'Hall B energy', 'Hall C energy'] },
  { unit: 'm³/h', names: ['Feed-water flow', 'Cooling-water flow', 'Return flow'] },
  { unit: 'V', names: ['Phase L1', 'Phase L2', 'Phase L3'] },
  { unit: 'A', names: ['Phase L1 current', 'Phase L2 current', 'Phase L3 current'] },
  { unit: 'mm/s', names: ['Pump bearing', 'Motor bearing', 'Fan bearing'] },
  { unit: 'rpm', names: ['Main drive', 'Fan', 'Feed pump'] },
  { unit: 'ppm', names: ['Hall A CO₂', 'Hall B CO₂', 'Office CO₂'] },
];

/** The unit samples take when the variant names none. */
export const SAMPLE_UNIT = '°C';

/** The names of `count` sample series in this unit (temperatures when the unit is not one of ours). */
export function sampleSeriesNames(unit: string, count: number): string[] {
  const names = (SAMPLE_MEASURES.find((m) => m.unit === unit) ?? SAMPLE_MEASURES[0]!).names;
  return Array.from({ length: count }, (_, s) => names[s] ?? `${names[0]} ${s + 1}`);
}

/** Configured series for `count` sample series, keyed as `sampleWidgetData` keys them and named. */
export function sampleSeries(count: number, unit = SAMPLE_UNIT): Array<{ key: string; name: string }> {
  return sampleSeriesNames(unit, count).map((name, s) => ({ key: `sample-${s + 1}`, name }));
}
