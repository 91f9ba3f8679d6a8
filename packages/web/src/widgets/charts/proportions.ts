/** Pie, donut and radar: each series contributes one value. */
import type { WidgetConfig } from '@ferrite/contracts';
import { formatValue } from '../data/format';
import { latestValue } from '../data/prepare';
import { summarize } from '../data/stats';
import type { EChartsOption } from '../echarts';
import { estimateTextWidth } from '../textWidth';
import { WIDGET_COLORS } from '../theme';
import type { ChartContext, PreparedSeries } from '../types';
import { isCompact, legend, withNoData } from './common';

/** A series' slice: the window's total for sum and count, its newest value otherwise. */
export function sliceValue(series: PreparedSeries, config: WidgetConfig): number {
  if (config.aggregate_func === 'sum' || config.aggregate_func === 'count') {
    return series.points.reduce((total, [, v]) => total + v, 0);
  }
  return latestValue(series) ?? 0;
}

/** Pie or donut (donut = inner radius > 0, with the total in the middle). */
export function pieOption(ctx: ChartContext, donut: boolean): EChartsOption {
  const { config, series } = ctx;
  const half = config.start_angle === 180 && config.end_angle === 0;
  const inner = donut ? Math.max(config.inner_radius, 20) : 0;
  const leg = legend(config, series.length, true, isCompact(ctx));
  const slices = series.map((s) => ({
    name: s.name,
    value: sliceValue(s, config),
    itemStyle: { color: s.color },
  }));
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const colors = WIDGET_COLORS[ctx.theme];
  const compact = isCompact(ctx);
  // The total sits in the hole: its font fits the hole's width (the outer radius is 70 % of half the
  // smaller side, the hole `inner × 0.7` % of that), so a long unit never spills over the ring.
  // A small hole shows the number without its unit (the tooltip has it) rather than spill.
  const hole = ((Math.min(ctx.width, ctx.height) / 2) * (inner * 0.7)) / 100;
  const fitting = (text: string) =>
    Math.min(16, Math.floor((hole * 2 - 6) / estimateTextWidth(text, 1, true)));
  const withUnit = formatValue(total, config.decimals, config.unit);
  const totalText = fitting(withUnit) >= 10 ? withUnit : formatValue(total, config.decimals);
  const totalFont = fitting(totalText);
  const option: EChartsOption = {
    animationDuration: 300,
    tooltip: {
      trigger: 'item',
      confine: true,
      valueFormatter: (v) => formatValue(Number(v), config.decimals, config.unit),
    },
    legend: leg ? { ...leg, top: undefined, bottom: 0 } : undefined,
    series: [
      {
        type: 'pie',
        radius: [`${inner * 0.7}%`, half ? '95%' : '70%'],
        center: half ? ['50%', '75%'] : ['50%', leg ? '45%' : '50%'],
        startAngle: half ? 180 : 90,
        endAngle: half ? 360 : 'auto',
        roseType: config.rose ? 'radius' : undefined,
        avoidLabelOverlap: true,
        itemStyle: { borderColor: colors.surface, borderWidth: 2, borderRadius: donut ? 4 : 0 },
        // A small drawing has no room for names beside the slices: the whole share, inside its slice.
        percentPrecision: compact ? 0 : 2,
        label: compact
          ? {
              show: config.show_labels,
              position: 'inside',
              formatter: '{d}%',
              fontSize: 10,
              color: '#ffffff',
              textBorderColor: 'rgba(0, 0, 0, 0.55)',
              textBorderWidth: 2,
            }
          : { show: config.show_labels, formatter: '{b}: {d}%', color: colors.text },
        labelLine: { show: config.show_labels && !compact },
        data: slices,
      },
    ],
    graphic:
      donut && slices.length > 0 && totalFont >= 8
        ? [
            {
              type: 'text',
              left: 'center',
              top: half ? '62%' : leg ? '40%' : 'middle',
              silent: true,
              style: {
                text: totalText,
                fill: colors.text,
                fontSize: totalFont,
                fontWeight: 'bold',
              },
            },
          ]
        : undefined,
  };
  return withNoData(option, ctx);
}

/** Radar: one spoke per series; rings of the latest value, or of min, average and max. */
export function radarOption(ctx: ChartContext): EChartsOption {
  const { config, series } = ctx;
  const stats = series.map((s) => summarize(s.points.map(([, v]) => v)));
  const rings =
    config.mark_lines.length > 0
      ? config.mark_lines.map((m) => ({
          name: m === 'average' ? 'Average' : m === 'min' ? 'Min' : 'Max',
          value: stats.map((st) => (m === 'average' ? st.avg : st[m]) ?? 0),
        }))
      : [{ name: 'Latest', value: series.map((s) => latestValue(s) ?? 0) }];
  const highest = Math.max(1, ...rings.flatMap((r) => r.value));
  const max = config.entire_range.max ?? Math.ceil(highest * 1.2);
  const leg = legend(config, rings.length, false, isCompact(ctx));
  const option: EChartsOption = {
    animationDuration: 300,
    tooltip: { trigger: 'item', confine: true },
    legend: leg,
    radar: {
      shape: config.smooth ? 'circle' : 'polygon',
      radius: '65%',
      center: ['50%', leg ? '55%' : '50%'],
      indicator:
        series.length > 0
          ? series.map((s) => ({ name: s.name, max, min: config.entire_range.min ?? 0 }))
          : [{ name: '', max: 1 }],
    },
    series: [
      {
        type: 'radar',
        symbolSize: 4,
        areaStyle: config.fill_area ? { opacity: 0.25 } : undefined,
        data: rings,
      },
    ],
  };
  return withNoData(option, ctx);
}
