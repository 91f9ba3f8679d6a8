/** Presets of the proportion and statistics kinds: pie, donut, radar, heatmap, histogram, box plot, candlestick. */
import type { WidgetKind } from '../kinds';
import type { WidgetPreset } from './types';

const pie: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Pie',
    description: 'Each series as a slice of its latest value.',
    defaults: { last: 1 },
  },
  {
    preset: 'totals',
    name: 'Pie of daily totals',
    description: 'Each series as a slice of its sum over 24 hours.',
    defaults: { aggregate_func: 'sum', time_range: '24h', group_interval_type: 'day' },
  },
  {
    preset: 'labels',
    name: 'Pie with percentages',
    description: 'Slices labelled with their share.',
    defaults: { last: 1, show_labels: true },
  },
  {
    preset: 'rose',
    name: 'Rose (Nightingale)',
    description: 'Slices sized by radius instead of angle.',
    defaults: { last: 1, rose: true },
  },
  {
    preset: 'half',
    name: 'Half pie',
    description: 'A semicircle of slices.',
    defaults: { last: 1, start_angle: 180, end_angle: 0 },
  },
];

const donut: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Donut',
    description: 'A pie with a hole and the total in it.',
    defaults: { last: 1, inner_radius: 55 },
  },
  {
    preset: 'thin',
    name: 'Thin donut',
    description: 'A thin ring.',
    defaults: { last: 1, inner_radius: 75 },
  },
  {
    preset: 'thick',
    name: 'Thick donut',
    description: 'A heavy ring.',
    defaults: { last: 1, inner_radius: 35 },
  },
  {
    preset: 'half',
    name: 'Half donut',
    description: 'A semicircular ring.',
    defaults: { last: 1, inner_radius: 55, start_angle: 180, end_angle: 0 },
  },
  {
    preset: 'totals',
    name: 'Donut of daily totals',
    description: 'Each series as its share of the 24-hour sum.',
    defaults: {
      inner_radius: 55,
      aggregate_func: 'sum',
      time_range: '24h',
      group_interval_type: 'day',
      show_labels: true,
    },
  },
];

const radar: WidgetPreset[] = [
  {
    preset: 'latest',
    name: 'Radar',
    description: 'The latest value of each series on its own spoke.',
    defaults: { last: 1 },
  },
  {
    preset: 'min_avg_max',
    name: 'Radar of min, average and max',
    description: 'Three rings: the lowest, mean and highest of each series over 24 hours.',
    defaults: { time_range: '24h', mark_lines: ['min', 'average', 'max'] },
  },
  {
    preset: 'filled',
    name: 'Filled radar',
    description: 'The radar area filled.',
    defaults: { last: 1, fill_area: true },
  },
  {
    preset: 'circle',
    name: 'Circular radar',
    description: 'A round web.',
    defaults: { last: 1, smooth: true },
  },
];

const heatmap: WidgetPreset[] = [
  {
    preset: 'week',
    name: 'Hour × day heatmap',
    description: 'Hourly averages of the last 7 days, hours across, days down.',
    defaults: { heatmap_layout: 'hour_day', time_range: '7d', group_interval_type: 'hour' },
  },
  {
    preset: 'month_hours',
    name: 'Hour × day heatmap (30 days)',
    description: 'Hourly averages of the last 30 days.',
    defaults: { heatmap_layout: 'hour_day', time_range: '30d', group_interval_type: 'hour' },
  },
  {
    preset: 'year',
    name: 'Calendar heatmap',
    description: 'Daily averages of the last 90 days, days of the month across.',
    defaults: { heatmap_layout: 'day_month', time_range: '90d', group_interval_type: 'day' },
  },
  {
    preset: 'peaks',
    name: 'Peak heatmap',
    description: 'Hourly maxima of the last 7 days.',
    defaults: {
      heatmap_layout: 'hour_day',
      time_range: '7d',
      group_interval_type: 'hour',
      aggregate_func: 'max',
    },
  },
  {
    preset: 'activity',
    name: 'Activity heatmap',
    description: 'Readings per hour over the last 7 days.',
    defaults: {
      heatmap_layout: 'hour_day',
      time_range: '7d',
      group_interval_type: 'hour',
      aggregate_func: 'count',
      decimals: 0,
    },
  },
];

const histogram: WidgetPreset[] = [
  {
    preset: 'basic',
    name: 'Histogram',
    description: 'How often values fall in 10 bins.',
    defaults: { bins: 10, last: 1000 },
  },
  {
    preset: 'fine',
    name: 'Fine histogram',
    description: '30 narrow bins.',
    defaults: { bins: 30, last: 2000 },
  },
  {
    preset: 'coarse',
    name: 'Coarse histogram',
    description: '5 wide bins.',
    defaults: { bins: 5, last: 1000 },
  },
  {
    preset: 'percent',
    name: 'Histogram in percent',
    description: 'Bins as a share of all readings.',
    defaults: { bins: 10, last: 1000, percent: true },
  },
  {
    preset: 'week',
    name: 'Histogram of the week',
    description: 'Hourly averages of the last 7 days in 12 bins.',
    defaults: { bins: 12, time_range: '7d', group_interval_type: 'hour' },
  },
];

const boxPlot: WidgetPreset[] = [
  {
    preset: 'series',
    name: 'Box plot',
    description: 'Spread of each series: quartiles and whiskers.',
    defaults: { box_group: 'series', last: 1000 },
  },
  {
    preset: 'daily',
    name: 'Box plot per day',
    description: 'The spread of each day of the last week.',
    defaults: { box_group: 'day', time_range: '7d', group_interval_type: 'hour' },
  },
  {
    preset: 'hourly',
    name: 'Box plot per hour of day',
    description: 'The spread of each hour of the day over 7 days.',
    defaults: { box_group: 'hour', time_range: '7d', group_interval_type: 'hour' },
  },
];

const candlestick: WidgetPreset[] = [
  {
    preset: 'hourly',
    name: 'Hourly candles',
    description: 'Open, high, low and close of every hour.',
    defaults: { time_range: '24h', last: 1440 },
  },
  {
    preset: 'quarter',
    name: '15-minute candles',
    description: 'Open, high, low and close every 15 minutes.',
    defaults: { time_range: '6h', last: 720 },
  },
  {
    preset: 'daily',
    name: 'Daily candles',
    description: 'Open, high, low and close of every day.',
    defaults: { time_range: '30d', group_interval_type: 'hour' },
  },
  {
    preset: 'zoom',
    name: 'Candles with zoom',
    description: 'Daily candles with a zoom slider.',
    defaults: { time_range: '90d', group_interval_type: 'hour', show_data_zoom: true },
  },
];

/** The proportion and statistics kinds' presets. */
export const STATISTICS_PRESETS: Partial<Record<WidgetKind, WidgetPreset[]>> = {
  pie,
  donut,
  radar,
  heatmap,
  histogram,
  box_plot: boxPlot,
  candlestick,
};
