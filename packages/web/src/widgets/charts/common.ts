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

/** The value axis: min/max, logarithmic, grid lines, unit in labels. */
export function valueAxis(config: WidgetConfig, unit = config.unit): Obj {
  return {
    type: config.y_log ? 'log' : 'value',
    min: config.y_min ?? undefined,
    max: config.y_max ?? undefined,
    scale: config.y_min === null && config.y_max === null,
    splitLine: { show: config.show_grid },
    axisLabel: {
      formatter: (v: number) => formatTick(v, Math.min(config.decimals, 2), unit),
    },
  };
}

/** A time axis without grid lines. */
export function timeAxis(): Obj {
  return { type: 'time', splitLine: { show: false }, axisLabel: { hideOverlap: true } };
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
export function thresholdBands(config: WidgetConfig, horizontal = false): Obj | undefined {
  if (!config.show_thresholds || config.thresholds.length === 0) return undefined;
  const axis = horizontal ? 'xAxis' : 'yAxis';
  return {
    silent: true,
    itemStyle: { opacity: 0.12 },
    data: config.thresholds.map((row) => [
      { [axis]: row.from, itemStyle: { color: row.color }, name: row.rangeText },
      { [axis]: row.to },
    ]),
    label: { show: true, position: 'insideTopRight', fontSize: 10 },
  };
}

/** Min / max / average mark lines. */
export function markLines(config: WidgetConfig): Obj | undefined {
  if (config.mark_lines.length === 0) return undefined;
  const types = { min: 'min', max: 'max', average: 'average' } as const;
  return {
    symbol: 'none',
    lineStyle: { type: 'dashed' },
    label: {
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
