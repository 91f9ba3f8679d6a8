/** Presets of the indicator kinds: gauge, solid gauge, KPI, sparkline, status lamp, progress. */
import type { WidgetKind } from '../kinds';
import { band, MEASURES, measureDefaults, type WidgetPreset } from './types';

/** One preset per plant measure, named "<measure> <kind>". */
function perMeasure(kindName: string, extra: WidgetPreset['defaults'] = {}): WidgetPreset[] {
  return MEASURES.map((m) => ({
    preset: m.id,
    name: `${m.name} ${kindName.toLowerCase()}`,
    description: `${m.name} in ${m.unit}, ${m.min} to ${m.max}, with normal, warning and alarm bands.`,
    defaults: { ...measureDefaults(m), ...extra },
  }));
}

const gauge: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Gauge',
    description: 'A dial with a needle over the entire range.',
    defaults: { last: 1 },
  },
  {
    preset: 'semi',
    name: 'Semicircle gauge',
    description: 'A half-circle dial.',
    defaults: { last: 1, start_angle: 180, end_angle: 0 },
  },
  {
    preset: 'full',
    name: 'Full-circle gauge',
    description: 'A dial all the way round, like a clock.',
    defaults: { last: 1, start_angle: 90, end_angle: -269.9 },
  },
  {
    preset: 'stops',
    name: 'Gauge with colour stops',
    description: 'The dial painted by the colour stops (10 green, 50 yellow, 90 red).',
    defaults: { last: 1, show_thresholds: false },
  },
  {
    preset: 'thresholds',
    name: 'Gauge with threshold bands',
    description: 'The dial painted by the threshold ranges.',
    defaults: { last: 1, show_thresholds: true },
  },
  ...perMeasure('gauge', { last: 1 }),
];

const solidGauge: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Solid gauge',
    description: 'A filled arc coloured by the colour stops.',
    defaults: { last: 1, start_angle: 180, end_angle: 0, inner_radius: 60 },
  },
  {
    preset: 'ring',
    name: 'Solid ring',
    description: 'A full filled ring.',
    defaults: { last: 1, start_angle: 90, end_angle: -270, inner_radius: 75 },
  },
  {
    preset: 'thick',
    name: 'Thick solid gauge',
    description: 'A wide filled arc for a wall display.',
    defaults: { last: 1, start_angle: 200, end_angle: -20, inner_radius: 40 },
  },
  ...perMeasure('solid gauge', {
    last: 1,
    start_angle: 180,
    end_angle: 0,
    inner_radius: 60,
    show_thresholds: false,
  }),
];

const kpi: WidgetPreset[] = [
  { preset: 'basic', name: 'KPI number', description: 'The latest value, big.', defaults: { last: 1 } },
  {
    preset: 'delta_previous',
    name: 'KPI with change',
    description: 'The latest value and its change since the previous reading.',
    defaults: { last: 2, kpi_compare: 'previous' },
  },
  {
    preset: 'delta_period',
    name: 'KPI with change over the day',
    description: 'The latest value and its change since the start of the day.',
    defaults: { kpi_compare: 'first', time_range: '24h', group_interval_type: 'hour' },
  },
  {
    preset: 'daily_total',
    name: 'Total today',
    description: 'The sum of the last 24 hours.',
    defaults: { aggregate_func: 'sum', time_range: '24h', group_interval: 1, group_interval_type: 'day' },
  },
  {
    preset: 'daily_peak',
    name: 'Peak today',
    description: 'The highest value of the last 24 hours.',
    defaults: { aggregate_func: 'max', time_range: '24h', group_interval: 1, group_interval_type: 'day' },
  },
  ...perMeasure('KPI', { last: 2, kpi_compare: 'previous' }),
];

const sparkline: WidgetPreset[] = [
  {
    preset: 'line',
    name: 'Sparkline',
    description: 'A tiny line with the latest value.',
    defaults: { spark_style: 'line' },
  },
  {
    preset: 'area',
    name: 'Area sparkline',
    description: 'A tiny filled line.',
    defaults: { spark_style: 'area' },
  },
  { preset: 'bar', name: 'Bar sparkline', description: 'Tiny columns.', defaults: { spark_style: 'bar' } },
  ...perMeasure('sparkline', { spark_style: 'area', time_range: '24h', group_interval_type: 'hour' }),
];

const statusLamp: WidgetPreset[] = [
  {
    preset: 'on_off',
    name: 'On/off lamp',
    description: 'Green when true, red when false.',
    defaults: { data_type: 'boolean', last: 1, decimals: 0 },
  },
  {
    preset: 'traffic_light',
    name: 'Traffic light',
    description: 'Green, amber or red by the threshold ranges.',
    defaults: {
      last: 1,
      thresholds: [
        band(0, 60, '#55B53B', 'Normal'),
        band(60, 85, '#F59F00', 'Warning'),
        band(85, 100, '#DF5353', 'Alarm'),
      ],
    },
  },
  {
    preset: 'square',
    name: 'Square lamp',
    description: 'A square indicator, coloured by the thresholds.',
    defaults: {
      last: 1,
      thresholds: [
        { ...band(0, 50, '#55B53B', 'OK'), shapeType: 'square' },
        { ...band(50, 100, '#DF5353', 'Fault'), shapeType: 'square' },
      ],
    },
  },
  {
    preset: 'triangle',
    name: 'Warning triangle',
    description: 'A triangle that turns red in alarm.',
    defaults: {
      last: 1,
      thresholds: [
        { ...band(0, 80, '#55B53B', 'OK'), shapeType: 'triangle' },
        { ...band(80, 100, '#DF5353', 'Alarm'), shapeType: 'triangle' },
      ],
    },
  },
  {
    preset: 'running',
    name: 'Machine running',
    description: 'Shows Running or Stopped from a boolean state.',
    defaults: { data_type: 'boolean', last: 1, title: 'Machine', decimals: 0 },
  },
  {
    preset: 'door',
    name: 'Door open',
    description: 'Shows whether a door or hatch is open.',
    defaults: { data_type: 'boolean', last: 1, title: 'Door', decimals: 0 },
  },
];

const progress: WidgetPreset[] = [
  {
    preset: 'bar',
    name: 'Progress bar',
    description: 'The latest value as a filled bar.',
    defaults: { last: 1 },
  },
  {
    preset: 'ring',
    name: 'Progress ring',
    description: 'The latest value as a filled ring.',
    defaults: { last: 1, progress_ring: true },
  },
  ...perMeasure('progress', { last: 1 }),
];

/** The indicator kinds' presets. */
export const INDICATOR_PRESETS: Partial<Record<WidgetKind, WidgetPreset[]>> = {
  gauge,
  solid_gauge: solidGauge,
  kpi,
  sparkline,
  status_lamp: statusLamp,
  progress,
};
