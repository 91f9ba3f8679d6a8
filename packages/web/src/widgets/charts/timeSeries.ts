/** Line, area, bar, column, stacked and step charts over time. */
import { AREA_FILL_OPACITY } from '@ferrite/contracts';
import { alertMarkPoint } from '../alerts/alertMarks';
import { formatTick } from '../data/format';
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

type Look = 'line' | 'area' | 'bar' | 'column' | 'stacked' | 'step';

/** Stacked series as a share of the stack per timestamp. */
function toPercent(series: ChartContext['series']): Array<Array<[number, number]>> {
  const totals = new Map<number, number>();
  for (const s of series) for (const [ts, v] of s.points) totals.set(ts, (totals.get(ts) ?? 0) + Math.abs(v));
  return series.map((s) =>
    s.points.map(([ts, v]) => [ts, totals.get(ts) ? (Math.abs(v) / totals.get(ts)!) * 100 : 0]),
  );
}

/** The alert pins of series i: the marks of its sensor and parameter (none for percentages). */
function seriesMarks(ctx: ChartContext, i: number, points: Array<[number, number]>) {
  const bound = ctx.config.series[i];
  if (!ctx.alertMarks?.length || !bound?.sensor_id || ctx.config.percent) return undefined;
  const marks = ctx.alertMarks.filter(
    (mark) =>
      mark.sensor_id === bound.sensor_id && (mark.param_key === null || mark.param_key === bound.param_key),
  );
  return alertMarkPoint(marks, points);
}

/** The option of a time-series look. */
export function timeSeriesOption(ctx: ChartContext, look: Look): EChartsOption {
  const { config, series } = ctx;
  const stackedArea = look === 'stacked' && config.fill_area && !config.horizontal;
  const asBars = look === 'bar' || look === 'column' || (look === 'stacked' && !stackedArea);
  const horizontal = asBars && config.horizontal;
  const filled = look === 'area' || config.fill_area;
  const data = config.percent ? toPercent(series) : series.map((s) => s.points);
  const unit = config.percent ? '%' : config.unit;
  const hasRight = series.some((s) => s.axis === 'right');
  const compact = isCompact(ctx);
  const leg = legend(config, series.length, false, compact);
  const values = [
    // Shares run to 100 %, not to the next round number past it.
    { ...valueAxis(config, unit, compact), ...(config.percent ? { min: 0, max: 100 } : {}) },
    ...(hasRight
      ? [
          {
            ...valueAxis(config, series.find((s) => s.axis === 'right')?.unit, compact),
            splitLine: { show: false },
          },
        ]
      : []),
  ];
  const times = timeAxis(series, compact, config);
  const option: EChartsOption = {
    animationDuration: 300,
    tooltip: axisTooltip(config, series),
    legend: leg,
    // Value labels at the bars' ends need room past the longest bar, or they run off the card.
    grid: { ...grid(config, Boolean(leg)), ...(horizontal && config.show_labels ? { right: 44 } : {}) },
    dataZoom: dataZoom(config, horizontal),
    xAxis: horizontal ? values : times,
    yAxis: horizontal ? { ...times, inverse: true } : values,
    series: series.map((s, i) => {
      const points = data[i] ?? [];
      const common = {
        name: s.name,
        color: s.color,
        data: horizontal ? points.map(([ts, v]) => [v, ts]) : points,
        stack: config.stacked ? 'total' : undefined,
        yAxisIndex: !horizontal && s.axis === 'right' ? 1 : 0,
        label: {
          show: config.show_labels,
          position: asBars && !config.stacked ? (horizontal ? 'right' : 'top') : 'inside',
          fontSize: 10,
          formatter: (p: { value: [number, number] }) =>
            formatTick(p.value[horizontal ? 0 : 1], Math.min(config.decimals, 1)),
        },
        markArea: i === 0 ? thresholdBands(config, horizontal, ctx.theme) : undefined,
        markLine: i === 0 ? markLines(config, ctx.theme) : undefined,
      };
      if (asBars)
        return {
          ...common,
          type: 'bar' as const,
          barMaxWidth: 28,
          itemStyle: { borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
        };
      return {
        ...common,
        type: 'line' as const,
        smooth: config.smooth,
        // Alerts of this series' sensor parameter, pinned at the reading that fired each.
        markPoint: seriesMarks(ctx, i, points),
        step: look === 'step' ? config.step : undefined,
        showSymbol: config.show_points,
        symbolSize: 5,
        sampling: 'lttb' as const,
        lineStyle: { width: 2 },
        areaStyle: filled ? { opacity: AREA_FILL_OPACITY } : undefined,
      };
    }) as EChartsOption['series'],
  };
  return withNoData(option, ctx);
}
