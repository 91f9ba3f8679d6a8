/**
 * Deterministic sample data for catalogue previews, the editor's preview before a parameter is bound,
 * and tests: smooth daily waves with noise from a seeded generator, shaped by the variant's defaults.
 */
import {
  resolveEntireRange,
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

/** `count` points per series ending at `end`, inside the config's entire range. */
export function sampleWidgetData(
  variant: Pick<WidgetVariant, 'id' | 'kind'>,
  config: Pick<WidgetConfig, 'entire_range' | 'data_type'>,
  { series = 3, count = 48, end = Date.UTC(2025, 0, 15, 12), stepMs = 3_600_000 } = {},
): WidgetData {
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
        const wave = Math.sin((i / count) * Math.PI * 2 + s) * 0.25;
        const value = min + span * (0.45 + wave + (random() - 0.5) * 0.15 - s * 0.08);
        return { ts: new Date(ts).toISOString(), value: Math.round(value * 100) / 100 };
      }),
    })),
  };
}

/** Names the sample series carry in previews, so a legend or caption never reads "sample-1". */
export const SAMPLE_SERIES_NAMES = ['Station 1', 'Station 2', 'Station 3'] as const;

/** Configured series for `count` sample series, keyed as `sampleWidgetData` keys them and named. */
export function sampleSeries(count: number): Array<{ key: string; name: string }> {
  return Array.from({ length: count }, (_, s) => ({
    key: `sample-${s + 1}`,
    name: SAMPLE_SERIES_NAMES[s] ?? `Station ${s + 1}`,
  }));
}
