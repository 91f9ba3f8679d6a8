/** Pieces every ECharts option builder shares: grid, axes, tooltip, legend, thresholds, marks. */
import type { WidgetConfig } from '@ferrite/contracts';
import { formatTick, formatValue } from '../data/format';
import type { EChartsOption } from '../echarts';
import { WIDGET_COLORS } from '../theme';
import type { ChartContext, PreparedSeries, WidgetTheme } from '../types';

type Obj = Record<string, unknown>;

/** Grid margins leaving room for the legend and the zoom slider; ECharts 6 keeps labels inside by itself. */
export function grid(config: WidgetConfig, legend: boolean): Obj {
  return { left: 8, right: 16, top: legend ? 32 : 12, bottom: config.show_data_zoom ? 44 : 8 };
}

/** Small drawings (catalogue previews, tiny panels) drop the legend and thin out axis labels. */
export function isCompact(size: { width: number; height: number }): boolean {
  return size.width < 280 || size.height < 150;
}

/** A legend at the top when there is more than one series (or the kind always wants one). */
export function legend(
  config: WidgetConfig,
  count: number,
  always = false,
  compact = false,
): Obj | undefined {
  if (compact || !config.show_legend || (count < 2 && !always)) return undefined;
  return { top: 0, type: 'scroll', icon: 'roundRect', itemWidth: 12, itemHeight: 8 };
}

/** The value axis: min/max, logarithmic, grid lines, unit in labels; fewer labels in a small drawing. */
export function valueAxis(config: WidgetConfig, unit = config.unit, compact = false): Obj {
  const decimals = Math.min(config.decimals, 2);
  return {
    type: config.y_log ? 'log' : 'value',
    // Ticks no closer than the labels' last decimal: a flat series (57.5 % for a minute) otherwise
    // got ticks 0.02 apart, every one labelled "57.5 %".
    ...(config.y_log ? {} : { minInterval: 10 ** -decimals }),
    min: config.y_min ?? undefined,
    max: config.y_max ?? undefined,
    scale: config.y_min === null && config.y_max === null,
    splitNumber: compact ? 3 : undefined,
    splitLine: { show: config.show_grid },
    axisLabel: {
      // Across a narrow horizontal axis "50 °C" and "100 °C" would run into each other.
      hideOverlap: true,
      formatter: (v: number) => formatTick(v, decimals, unit),
    },
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Time labels by level: the date where a day (or month, year) starts, the clock time between. ECharts'
 * own day label is the bare day number.
 */
const TIME_LABELS = {
  year: '{yyyy}',
  month: '{MMM} {yyyy}',
  day: '{d} {MMM}',
  hour: '{HH}:{mm}',
  minute: '{HH}:{mm}',
  second: '{HH}:{mm}:{ss}',
  millisecond: '{HH}:{mm}:{ss}',
  none: '{d} {MMM} {HH}:{mm}',
};

/** Oldest to newest timestamp over all series, 0 without points. */
function timeSpan(series: readonly PreparedSeries[]): number {
  let first = Infinity;
  let last = -Infinity;
  for (const s of series) {
    if (s.points.length === 0) continue;
    first = Math.min(first, s.points[0]![0]);
    last = Math.max(last, s.points[s.points.length - 1]![0]);
  }
  return last > first ? last - first : 0;
}

/**
 * A time axis without grid lines. Past a day and a bit, ticks fall on whole days: clock-time ticks
 * over two days label the same "18:00" twice, which reads as a repeated time. A widget that reads
 * buckets of a window (not its last N readings) ticks in whole minutes at least: its first minutes of
 * data would otherwise be labelled every ten seconds.
 */
export function timeAxis(
  series: readonly PreparedSeries[] = [],
  compact = false,
  config?: WidgetConfig,
): Obj {
  const bucketed = config !== undefined && config.last === null;
  return {
    type: 'time',
    splitLine: { show: false },
    splitNumber: compact ? 4 : undefined,
    minInterval: timeSpan(series) > 30 * HOUR_MS ? DAY_MS : bucketed ? MINUTE_MS : undefined,
    axisLabel: { hideOverlap: true, formatter: TIME_LABELS },
  };
}

/** The tooltip formats values with the widget's decimals and each series' unit. */
export function axisTooltip(config: WidgetConfig, series: readonly PreparedSeries[]): Obj {
  return {
    trigger: 'axis',
    confine: true,
    valueFormatter: (v: unknown) =>
      typeof v === 'number'
        ? formatValue(v, config.decimals, series[0]?.unit ?? config.unit)
        : String(v ?? ''),
  };
}

/** The zoom slider under the chart when asked for. */
export function dataZoom(config: WidgetConfig, horizontal = false): Obj[] | undefined {
  if (!config.show_data_zoom) return undefined;
  const axis = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  return [
    { type: 'inside', ...axis },
    { type: 'slider', height: 20, bottom: 8, ...axis },
  ];
}

/** Threshold ranges as coloured bands behind the first series (line and area "threshold" presets). */
export function thresholdBands(
  config: WidgetConfig,
  horizontal = false,
  theme: WidgetTheme = 'light',
): Obj | undefined {
  if (!config.show_thresholds || config.thresholds.length === 0) return undefined;
  const axis = horizontal ? 'xAxis' : 'yAxis';
  return {
    silent: true,
    itemStyle: { opacity: 0.12 },
    data: config.thresholds.map((row) => [
      { [axis]: row.from, itemStyle: { color: row.color }, name: row.rangeText },
      { [axis]: row.to },
    ]),
    // The band's own colour at 12 % leaves ECharts' default label colour unreadable on dark panels.
    label: { show: true, position: 'insideTopRight', fontSize: 10, color: WIDGET_COLORS[theme].muted },
  };
}

/** Min / max / average mark lines. */
export function markLines(config: WidgetConfig, theme: WidgetTheme = 'light'): Obj | undefined {
  if (config.mark_lines.length === 0) return undefined;
  const types = { min: 'min', max: 'max', average: 'average' } as const;
  return {
    symbol: 'none',
    lineStyle: { type: 'dashed' },
    // Inside the plot: at the line's end (ECharts' default) the label runs past the card's edge.
    label: {
      position: 'insideEndTop',
      fontSize: 10,
      // Plain text over the lines: ECharts' outline around it blurs on dark panels.
      color: WIDGET_COLORS[theme].text,
      textBorderWidth: 0,
      formatter: (p: { value: number; name: string }) => `${p.name} ${formatValue(p.value, config.decimals)}`,
    },
    data: config.mark_lines.map((m) => ({
      type: types[m],
      name: m === 'average' ? 'Avg' : m === 'min' ? 'Min' : 'Max',
    })),
  };
}

/** A centred "No data" text, so an empty widget does not look broken. */
export function noDataGraphic(theme: WidgetTheme): Obj {
  return {
    type: 'text',
    left: 'center',
    top: 'middle',
    silent: true,
    style: { text: 'No data', fill: WIDGET_COLORS[theme].muted, fontSize: 13 },
  };
}

/** Adds the "No data" text when nothing has a point. */
export function withNoData(option: EChartsOption, ctx: ChartContext): EChartsOption {
  if (ctx.series.some((s) => s.points.length > 0)) return option;
  return { ...option, graphic: [noDataGraphic(ctx.theme)] };
}
