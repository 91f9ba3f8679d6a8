/** Presets of the time-series chart kinds: line, area, bar, column, stacked, step, scatter. */
import type { WidgetKind } from '../kinds';
import { trafficLight, type WidgetPreset } from './types';

/** Windows every time-series chart comes in: what to read and how coarse. */
const TIME_WINDOWS: readonly WidgetPreset[] = [
  {
    preset: 'live',
    name: 'Live (last 100 points)',
    description: 'The newest 100 raw readings, updating as they arrive.',
    defaults: { last: 100, time_range: '1h', show_points: false },
  },
  {
    preset: 'hour',
    name: 'Last hour by minute',
    description: 'One point per minute over the last hour.',
    defaults: { time_range: '1h', group_interval: 1, group_interval_type: 'minute' },
  },
  {
    preset: 'day',
    name: 'Last 24 hours',
    description: 'Hourly averages over the last day.',
    defaults: { time_range: '24h', group_interval: 1, group_interval_type: 'hour' },
  },
  {
    preset: 'week',
    name: 'Last 7 days',
    description: 'Hourly averages over the last week, with zoom.',
    defaults: { time_range: '7d', group_interval: 1, group_interval_type: 'hour', show_data_zoom: true },
  },
  {
    preset: 'month',
    name: 'Last 30 days',
    description: 'Daily averages over the last month.',
    defaults: { time_range: '30d', group_interval: 1, group_interval_type: 'day' },
  },
];

/** A time window preset with the kind's own name prefixed. */
function windows(kindName: string): WidgetPreset[] {
  return TIME_WINDOWS.map((w) => ({ ...w, name: `${kindName} · ${w.name}` }));
}

const line: WidgetPreset[] = [
  { preset: 'basic', name: 'Line', description: 'Values over time as a line.', defaults: {} },
  {
    preset: 'smooth',
    name: 'Smooth line',
    description: 'A smoothed curve through the values.',
    defaults: { smooth: true },
  },
  {
    preset: 'markers',
    name: 'Line with markers',
    description: 'A line with a dot on every reading.',
    defaults: { show_points: true },
  },
  {
    preset: 'min_max_avg',
    name: 'Line with min, max and average',
    description: 'Marks the lowest, highest and mean value.',
    defaults: { mark_lines: ['min', 'max', 'average'] },
  },
  {
    preset: 'thresholds',
    name: 'Line with threshold bands',
    description: 'Threshold ranges drawn as coloured bands behind the line.',
    defaults: { show_thresholds: true, thresholds: trafficLight(0, 60, 85, 100) },
  },
  {
    preset: 'zoom',
    name: 'Zoomable line',
    description: 'A line with a zoom slider under it.',
    defaults: { show_data_zoom: true },
  },
  {
    preset: 'log',
    name: 'Logarithmic line',
    description: 'A line on a logarithmic scale.',
    defaults: { y_log: true },
  },
  {
    preset: 'minimal',
    name: 'Minimal line',
    description: 'No grid and no legend: the shape of the data only.',
    defaults: { show_grid: false, show_legend: false },
  },
  {
    preset: 'daily_max',
    name: 'Daily maximum',
    description: 'The highest value of every day over 30 days.',
    defaults: { aggregate_func: 'max', time_range: '30d', group_interval_type: 'day' },
  },
  ...windows('Line'),
];

const area: WidgetPreset[] = [
  { preset: 'basic', name: 'Area', description: 'A line with its area filled (opacity 0.2).', defaults: {} },
  {
    preset: 'smooth',
    name: 'Smooth area',
    description: 'A smoothed filled curve.',
    defaults: { smooth: true },
  },
  {
    preset: 'thresholds',
    name: 'Area with threshold bands',
    description: 'Threshold ranges drawn behind the filled area.',
    defaults: { show_thresholds: true, thresholds: trafficLight(0, 60, 85, 100) },
  },
  {
    preset: 'minimal',
    name: 'Minimal area',
    description: 'No grid, no legend.',
    defaults: { show_grid: false, show_legend: false },
  },
  ...windows('Area'),
];

const bar: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Bar',
    description: 'Horizontal bars, one per time bucket.',
    defaults: { horizontal: true },
  },
  {
    preset: 'labels',
    name: 'Bar with labels',
    description: 'Horizontal bars with their values printed.',
    defaults: { horizontal: true, show_labels: true },
  },
  {
    preset: 'daily_total',
    name: 'Daily totals',
    description: 'The sum of every day over the last week.',
    defaults: { horizontal: true, aggregate_func: 'sum', time_range: '7d', group_interval_type: 'day' },
  },
  ...windows('Bar').map((w) => ({ ...w, defaults: { ...w.defaults, horizontal: true } })),
];

const column: WidgetPreset[] = [
  { preset: 'basic', name: 'Column', description: 'Vertical columns, one per time bucket.', defaults: {} },
  {
    preset: 'labels',
    name: 'Column with labels',
    description: 'Columns with their values printed.',
    defaults: { show_labels: true },
  },
  {
    preset: 'hourly_count',
    name: 'Readings per hour',
    description: 'How many readings arrived each hour.',
    defaults: { aggregate_func: 'count', time_range: '24h', group_interval_type: 'hour' },
  },
  {
    preset: 'monthly_total',
    name: 'Monthly totals',
    description: 'The sum of every month over the last year.',
    defaults: { aggregate_func: 'sum', time_range: '1y', group_interval_type: 'month' },
  },
  ...windows('Column'),
];

const stacked: WidgetPreset[] = [
  {
    preset: 'column',
    name: 'Stacked column',
    description: 'Series stacked in columns.',
    defaults: { stacked: true },
  },
  {
    preset: 'bar',
    name: 'Stacked bar',
    description: 'Series stacked in horizontal bars.',
    defaults: { stacked: true, horizontal: true },
  },
  {
    preset: 'percent_column',
    name: '100% stacked column',
    description: 'Each series as its share of the column.',
    defaults: { stacked: true, percent: true },
  },
  {
    preset: 'percent_bar',
    name: '100% stacked bar',
    description: 'Each series as its share of the bar.',
    defaults: { stacked: true, percent: true, horizontal: true },
  },
  {
    preset: 'area',
    name: 'Stacked area',
    description: 'Series stacked as filled areas.',
    defaults: { stacked: true, fill_area: true, smooth: true },
  },
  ...windows('Stacked').map((w) => ({ ...w, defaults: { ...w.defaults, stacked: true } })),
];

const step: WidgetPreset[] = [
  {
    preset: 'start',
    name: 'Step (start)',
    description: 'The value holds until the next reading.',
    defaults: { step: 'start' },
  },
  {
    preset: 'middle',
    name: 'Step (middle)',
    description: 'The step happens half-way between readings.',
    defaults: { step: 'middle' },
  },
  {
    preset: 'end',
    name: 'Step (end)',
    description: 'The step happens at the next reading.',
    defaults: { step: 'end' },
  },
  {
    preset: 'state',
    name: 'On/off state',
    description: 'A boolean state over time as steps between 0 and 1.',
    defaults: { step: 'start', data_type: 'boolean', y_min: 0, y_max: 1, decimals: 0 },
  },
  ...windows('Step'),
];

const scatter: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Scatter',
    description: 'Two parameters as two point series; the second is green and named Test.',
    defaults: {},
  },
  {
    preset: 'trend',
    name: 'Scatter with trend line',
    description: 'Adds a least-squares trend line.',
    defaults: { trend_line: true },
  },
  {
    preset: 'raw',
    name: 'Scatter of raw readings',
    description: 'The newest 500 raw readings.',
    defaults: { last: 500, time_range: '24h' },
  },
  ...windows('Scatter'),
];

/** The chart kinds' presets. */
export const CHART_PRESETS: Partial<Record<WidgetKind, WidgetPreset[]>> = {
  line,
  area,
  bar,
  column,
  stacked,
  step,
  scatter,
};
