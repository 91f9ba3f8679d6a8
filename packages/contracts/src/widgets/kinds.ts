/** The widget kinds of the catalogue (spec §1 "over 200 widgets" = these kinds × their presets). */

/** Every kind a widget can be; a variant is a kind with a preset. Never rename one: configs store it. */
export const WIDGET_KINDS = [
  'line',
  'area',
  'bar',
  'column',
  'stacked',
  'step',
  'scatter',
  'pie',
  'donut',
  'gauge',
  'solid_gauge',
  'kpi',
  'sparkline',
  'table',
  'heatmap',
  'histogram',
  'box_plot',
  'radar',
  'candlestick',
  'status_lamp',
  'progress',
  'map',
  'text',
  'image',
  'button',
  'switch',
  'slider',
  'set_point',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Kinds that actuate a gateway instead of showing data (spec §3 "command widgets"). */
export const COMMAND_WIDGET_KINDS = [
  'button',
  'switch',
  'slider',
  'set_point',
] as const satisfies readonly WidgetKind[];
export type CommandWidgetKind = (typeof COMMAND_WIDGET_KINDS)[number];

/** True for button, switch, slider and set-point. */
export function isCommandWidgetKind(kind: WidgetKind): kind is CommandWidgetKind {
  return (COMMAND_WIDGET_KINDS as readonly WidgetKind[]).includes(kind);
}

/** Kinds that show one series: a gauge, a KPI, a lamp… */
const SINGLE_SERIES_KINDS: ReadonlySet<WidgetKind> = new Set([
  'gauge',
  'solid_gauge',
  'kpi',
  'sparkline',
  'status_lamp',
  'progress',
]);

/** How many series a kind can show (the editor's binding rows, the catalogue's samples). */
export function maxSeries(kind: WidgetKind): number {
  if (SINGLE_SERIES_KINDS.has(kind)) return 1;
  if (kind === 'scatter') return 2;
  return 8;
}

/** Catalogue groups, in the order the catalogue shows them. */
export const WIDGET_CATEGORIES = [
  'charts',
  'proportions',
  'indicators',
  'statistics',
  'content',
  'controls',
] as const;
export type WidgetCategory = (typeof WIDGET_CATEGORIES)[number];

/** Human labels of the catalogue groups. */
export const WIDGET_CATEGORY_LABELS: Record<WidgetCategory, string> = {
  charts: 'Time-series charts',
  proportions: 'Proportions',
  indicators: 'Gauges and indicators',
  statistics: 'Statistics',
  content: 'Tables, maps and content',
  controls: 'Controls',
};

/** The catalogue group of each kind. */
export const WIDGET_KIND_CATEGORY: Record<WidgetKind, WidgetCategory> = {
  line: 'charts',
  area: 'charts',
  bar: 'charts',
  column: 'charts',
  stacked: 'charts',
  step: 'charts',
  scatter: 'charts',
  pie: 'proportions',
  donut: 'proportions',
  radar: 'proportions',
  gauge: 'indicators',
  solid_gauge: 'indicators',
  kpi: 'indicators',
  sparkline: 'indicators',
  status_lamp: 'indicators',
  progress: 'indicators',
  heatmap: 'statistics',
  histogram: 'statistics',
  box_plot: 'statistics',
  candlestick: 'statistics',
  table: 'content',
  map: 'content',
  text: 'content',
  image: 'content',
  button: 'controls',
  switch: 'controls',
  slider: 'controls',
  set_point: 'controls',
};

/** Human labels of the kinds. */
export const WIDGET_KIND_LABELS: Record<WidgetKind, string> = {
  line: 'Line',
  area: 'Area',
  bar: 'Bar',
  column: 'Column',
  stacked: 'Stacked',
  step: 'Step',
  scatter: 'Scatter',
  pie: 'Pie',
  donut: 'Donut',
  gauge: 'Gauge',
  solid_gauge: 'Solid gauge',
  kpi: 'KPI number',
  sparkline: 'Sparkline',
  table: 'Table',
  heatmap: 'Heatmap',
  histogram: 'Histogram',
  box_plot: 'Box plot',
  radar: 'Radar',
  candlestick: 'Candlestick',
  status_lamp: 'Status lamp',
  progress: 'Progress',
  map: 'Map',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  switch: 'Switch',
  slider: 'Slider',
  set_point: 'Set-point',
};
