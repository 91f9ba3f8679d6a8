/** Scatter: two point series (spec §9: the second green and named 'Test'), with an optional trend line. */

import { splitScatterSeries } from '../data/prepare';
import { linearRegression } from '../data/stats';
import type { EChartsOption } from '../echarts';
import type { ChartContext } from '../types';
import {
  axisTooltip,
  dataZoom,
  grid,
  isCompact,
  legend,
  markLines,
  thresholdBands,
  timeAxis,
  valueAxis,
  withNoData,
} from './common';

/** The scatter option. */
export function scatterOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const [first, second] = splitScatterSeries(ctx.series);
  const leg = legend(config, 2, false, isCompact(ctx));
  const series: NonNullable<EChartsOption['series']> = [first, second].map((s, i) => ({
    type: 'scatter' as const,
    name: s.name,
    color: s.color,
    itemStyle: { color: s.color },
    symbolSize: 7,
    data: s.points,
    markArea: i === 0 ? thresholdBands(config, false, ctx.theme) : undefined,
    markLine: i === 0 ? markLines(config, ctx.theme) : undefined,
  }));
  const fit = config.trend_line ? linearRegression(first.points) : null;
  if (fit && first.points.length > 1) {
    const x0 = first.points[0]![0];
    const x1 = first.points[first.points.length - 1]![0];
    series.push({
      type: 'line',
      name: 'Trend',
      data: [
        [x0, fit.slope * x0 + fit.intercept],
        [x1, fit.slope * x1 + fit.intercept],
      ],
      showSymbol: false,
      lineStyle: { type: 'dashed', width: 1.5 },
      color: first.color,
    });
  }
  const option: EChartsOption = {
    animationDuration: 300,
    tooltip: { ...axisTooltip(config, [first]), trigger: 'item' },
    legend: leg,
    grid: grid(config, Boolean(leg)),
    dataZoom: dataZoom(config),
    xAxis: timeAxis([first, second], isCompact(ctx), config),
    yAxis: valueAxis(config, config.unit, isCompact(ctx)),
    series,
  };
  return withNoData(option, { ...ctx, series: [first, second] });
}
