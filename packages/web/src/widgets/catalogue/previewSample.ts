/**
 * What a catalogue card draws: the variant's defaults on sample series that stand for something a
 * plant measures, named and with a unit ("Motor temperature", "45.2 °C"), over the window the variant
 * reads (sampleData.ts).
 */
import {
  defaultWidgetConfig,
  maxSeries,
  resolveWidgetConfig,
  type WidgetConfig,
  type WidgetData,
  type WidgetVariant,
} from '@ferrite/contracts';
import { SAMPLE_UNIT, sampleSeries, sampleWidgetData } from '../sampleData';

/** Kinds that could show several series but read best in a small card with one sample. */
const ONE_SAMPLE = new Set<WidgetVariant['kind']>(['heatmap', 'histogram', 'candlestick', 'text']);

/** Kinds whose samples read better as another measure than a temperature. */
const PREVIEW_UNITS: Partial<Record<WidgetVariant['kind'], string>> = {
  // Stacks and slices add up: energy does, temperatures do not.
  stacked: 'kWh',
  pie: 'kWh',
  donut: 'kWh',
  radar: 'kWh',
  progress: '%',
};

/** The config and sample data of a variant's catalogue preview. */
export function previewSample(variant: WidgetVariant): { config: WidgetConfig; data: WidgetData } {
  const series = ONE_SAMPLE.has(variant.kind) ? 1 : Math.min(3, maxSeries(variant.kind));
  // The variant's own unit (a measure preset's), else one that suits the kind.
  const unit = variant.defaults.unit || (PREVIEW_UNITS[variant.kind] ?? SAMPLE_UNIT);
  let config = defaultWidgetConfig();
  try {
    config = resolveWidgetConfig(variant, { show_title: false, unit, series: sampleSeries(series, unit) });
  } catch {
    // A preset that does not parse shows the defaults; the contracts test keeps this from happening.
  }
  return { config, data: sampleWidgetData(variant, config, { series }) };
}
