/** Heatmap, histogram, box plot and candlestick. */

import { formatTimestamp, formatValue } from '../data/format';
import { candles, fiveNumberSummary, groupPoints, heatmapCells, histogram } from '../data/stats';
import type { EChartsOption } from '../echarts';
import type { ChartContext } from '../types';
import { dataZoom, grid, legend, valueAxis, withNoData } from './common';

/** Mean cell values of the first series on an hour × day (or day × month) grid. */
export function heatmapOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const { x, y, cells } = heatmapCells(ctx.series[0]?.points ?? [], config.heatmap_layout);
  const values = cells.map((c) => c[2]);
  const stops = [...config.color_stops].sort((a, b) => a.stop - b.stop).map((s) => s.color);
  return withNoData(
    {
      tooltip: {
        position: 'top',
        confine: true,
        valueFormatter: (v) => formatValue(Number(v), config.decimals, config.unit),
      },
      grid: { left: 8, right: 8, top: 8, bottom: 64 },
      xAxis: { type: 'category', data: x, splitArea: { show: true } },
      yAxis: { type: 'category', data: y, splitArea: { show: true } },
      visualMap: {
        min: values.length ? Math.min(...values) : 0,
        max: values.length ? Math.max(...values) : 1,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: 80,
        itemWidth: 10,
        inRange: { color: stops.length > 1 ? stops : ['#dbe4ff', '#3b4cc0'] },
      },
      series: [{ type: 'heatmap', data: cells, label: { show: config.show_labels, fontSize: 9 } }],
    },
    ctx,
  );
}

/** How often the first series' values fall in each bin (or the share of readings in percent). */
export function histogramOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const values = (ctx.series[0]?.points ?? []).map(([, v]) => v);
  const bins = histogram(values, config.bins);
  const total = values.length || 1;
  return withNoData(
    {
      tooltip: { trigger: 'axis', confine: true },
      grid: grid(config, false),
      xAxis: {
        type: 'category',
        data: bins.map(
          (b) =>
            `${formatValue(b.from, Math.min(config.decimals, 2))}–${formatValue(b.to, Math.min(config.decimals, 2))}`,
        ),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value', name: config.percent ? '%' : 'count', splitLine: { show: config.show_grid } },
      series: [
        {
          type: 'bar',
          name: ctx.series[0]?.name ?? 'Count',
          color: ctx.series[0]?.color,
          barCategoryGap: '2%',
          label: { show: config.show_labels, position: 'top', fontSize: 10 },
          data: bins.map((b) => (config.percent ? Number(((b.count / total) * 100).toFixed(1)) : b.count)),
        },
      ],
    },
    ctx,
  );
}

/** Quartiles and whiskers per series, per day or per hour of the day. */
export function boxPlotOption(ctx: ChartContext): EChartsOption {
  const { config, series } = ctx;
  let labels: string[];
  let groups: number[][];
  if (config.box_group === 'series') {
    labels = series.map((s) => s.name);
    groups = series.map((s) => s.points.map(([, v]) => v));
  } else {
    const pad = (n: number) => String(n).padStart(2, '0');
    const keyOf =
      config.box_group === 'day'
        ? (ts: number) => {
            const d = new Date(ts);
            return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
          }
        : (ts: number) => `${pad(new Date(ts).getHours())}:00`;
    const grouped = groupPoints(series[0]?.points ?? [], keyOf);
    const keys = [...grouped.keys()].sort();
    labels = keys;
    groups = keys.map((k) => grouped.get(k) ?? []);
  }
  const summaries = groups.map((g) => fiveNumberSummary(g) ?? [0, 0, 0, 0, 0]);
  return withNoData(
    {
      tooltip: { trigger: 'item', confine: true },
      grid: grid(config, false),
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: valueAxis(config),
      series: [
        {
          type: 'boxplot',
          name: 'Spread',
          data: summaries,
          itemStyle: { color: '#dbe4ff', borderColor: series[0]?.color ?? '#3b4cc0' },
        },
      ],
    },
    ctx,
  );
}

const CANDLE_BUCKET: Record<string, number> = {
  '15m': 60_000,
  '1h': 60_000,
  '6h': 900_000,
  '24h': 3_600_000,
  '7d': 4 * 3_600_000,
  '30d': 86_400_000,
  '90d': 86_400_000,
  '1y': 7 * 86_400_000,
};

/** Open, high, low, close of the first series per bucket (the bucket follows the time window). */
export function candlestickOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const bars = candles(ctx.series[0]?.points ?? [], CANDLE_BUCKET[config.time_range] ?? 3_600_000);
  const leg = legend(config, 1);
  return withNoData(
    {
      tooltip: { trigger: 'axis', confine: true },
      grid: grid(config, Boolean(leg)),
      dataZoom: dataZoom(config),
      xAxis: {
        type: 'category',
        data: bars.map((b) => formatTimestamp(b.ts).slice(5, 16)),
        axisLabel: { hideOverlap: true },
      },
      yAxis: valueAxis(config),
      series: [
        {
          type: 'candlestick',
          name: ctx.series[0]?.name ?? 'Value',
          data: bars.map((b) => [b.open, b.close, b.low, b.high]),
          itemStyle: { color: '#12b886', color0: '#fa5252', borderColor: '#12b886', borderColor0: '#fa5252' },
        },
      ],
    },
    ctx,
  );
}
