/** The ECharts kinds: each kind's option builder and how its drawing is described to screen readers. */
import type { WidgetKind } from '@ferrite/contracts';
import type { EChartsOption } from '../echarts';
import type { ChartContext } from '../types';
import { gaugeOption, solidGaugeOption } from './gauges';
import { mapOption } from './map';
import { pieOption, radarOption } from './proportions';
import { scatterOption } from './scatter';
import { sparklineOption } from './sparkline';
import { boxPlotOption, candlestickOption, heatmapOption, histogramOption } from './statistics';
import { timeSeriesOption } from './timeSeries';

export interface ChartBuilder {
  build: (ctx: ChartContext) => EChartsOption;
  describe: string;
}

/** Builders of the kinds drawn by ECharts on screen. */
export const CHART_BUILDERS: Partial<Record<WidgetKind, ChartBuilder>> = {
  line: { build: (c) => timeSeriesOption(c, 'line'), describe: 'line chart' },
  area: { build: (c) => timeSeriesOption(c, 'area'), describe: 'area chart' },
  bar: { build: (c) => timeSeriesOption(c, 'bar'), describe: 'bar chart' },
  column: { build: (c) => timeSeriesOption(c, 'column'), describe: 'column chart' },
  stacked: { build: (c) => timeSeriesOption(c, 'stacked'), describe: 'stacked chart' },
  step: { build: (c) => timeSeriesOption(c, 'step'), describe: 'step chart' },
  scatter: { build: scatterOption, describe: 'scatter plot' },
  pie: { build: (c) => pieOption(c, false), describe: 'pie chart' },
  donut: { build: (c) => pieOption(c, true), describe: 'donut chart' },
  radar: { build: radarOption, describe: 'radar chart' },
  gauge: { build: gaugeOption, describe: 'gauge' },
  solid_gauge: { build: solidGaugeOption, describe: 'solid gauge' },
  sparkline: { build: sparklineOption, describe: 'sparkline' },
  heatmap: { build: heatmapOption, describe: 'heatmap' },
  histogram: { build: histogramOption, describe: 'histogram' },
  box_plot: { build: boxPlotOption, describe: 'box plot' },
  candlestick: { build: candlestickOption, describe: 'candlestick chart' },
  map: { build: mapOption, describe: 'map' },
};
