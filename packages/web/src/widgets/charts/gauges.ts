/** Gauge (dial and needle) and solid gauge (filled arc), painted by thresholds or colour stops. */
import { colorStopFor, resolveEntireRange, thresholdForValue, type WidgetConfig } from '@ferrite/contracts';
import { formatValue } from '../data/format';
import { latestValue } from '../data/prepare';
import type { EChartsOption } from '../echarts';
import { drawnTextColor, WIDGET_COLORS } from '../theme';
import type { ChartContext } from '../types';

/**
 * The dial's colour bands as ECharts wants them, [end fraction, colour]: from the threshold ranges when
 * the widget shows them, else from the colour stops (a stop's colour runs until the next stop).
 */
export function gaugeBands(config: WidgetConfig, track: string): Array<[number, string]> {
  const { min, max } = resolveEntireRange(config.entire_range);
  const span = max - min || 1;
  const clamp = (f: number) => Math.min(1, Math.max(0, f));
  if (config.show_thresholds && config.thresholds.length > 0) {
    const bands: Array<[number, string]> = [];
    for (const row of config.thresholds) {
      const start = clamp((row.from - min) / span);
      const previous = bands[bands.length - 1];
      if (start > (previous?.[0] ?? 0)) bands.push([start, track]);
      bands.push([clamp((row.to - min) / span), row.color]);
    }
    if ((bands[bands.length - 1]?.[0] ?? 0) < 1) bands.push([1, track]);
    return bands;
  }
  const stops = [...config.color_stops].sort((a, b) => a.stop - b.stop);
  if (stops.length === 0) return [[1, track]];
  return stops.map((stop, i) => [i === stops.length - 1 ? 1 : clamp(stops[i + 1]!.stop / 100), stop.color]);
}

/** The colour a value gets: its threshold range when shown, else its colour stop. */
export function valueColor(value: number | null, config: WidgetConfig, fallback: string): string {
  if (value === null) return fallback;
  if (config.thresholds.length > 0 && (config.show_thresholds || config.data_type === 'boolean')) {
    return thresholdForValue(value, config.thresholds, config.data_type)?.color ?? fallback;
  }
  return colorStopFor(value, config.color_stops, config.entire_range) ?? fallback;
}

/** A dial with a needle. */
export function gaugeOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const { min, max } = resolveEntireRange(config.entire_range);
  const value = latestValue(ctx.series[0]);
  const size = Math.min(ctx.width, ctx.height);
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        startAngle: config.start_angle,
        endAngle: config.end_angle,
        radius: '90%',
        center: ['50%', config.start_angle === 180 && config.end_angle === 0 ? '70%' : '55%'],
        axisLine: { lineStyle: { width: Math.max(6, size * 0.06), color: gaugeBands(config, colors.track) } },
        pointer: {
          show: value !== null,
          width: Math.max(3, size * 0.025),
          itemStyle: { color: colors.text },
        },
        anchor: { show: value !== null, size: Math.max(6, size * 0.05), itemStyle: { color: colors.text } },
        axisTick: {
          distance: -Math.max(6, size * 0.06),
          length: 4,
          lineStyle: { color: colors.surface, width: 1 },
        },
        splitLine: {
          distance: -Math.max(6, size * 0.06),
          length: Math.max(6, size * 0.06),
          lineStyle: { color: colors.surface, width: 2 },
        },
        axisLabel: {
          show: size > 140,
          distance: Math.max(8, size * 0.08),
          color: colors.muted,
          fontSize: 10,
        },
        title: {
          show: Boolean(ctx.series[0]?.name),
          offsetCenter: [0, '70%'],
          color: colors.muted,
          fontSize: 11,
        },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '40%'],
          fontSize: Math.max(14, Math.min(28, size * 0.11)),
          fontWeight: 'bold',
          color: drawnTextColor(valueColor(value, config, colors.text), ctx.theme),
          formatter: () => formatValue(value, config.decimals, config.unit),
        },
        data: [{ value: value ?? min, name: ctx.series[0]?.name ?? '' }],
      },
    ],
  };
}

/** A filled arc coloured by the value's stop (or threshold), over a grey track. */
export function solidGaugeOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const { min, max } = resolveEntireRange(config.entire_range);
  const value = latestValue(ctx.series[0]);
  const size = Math.min(ctx.width, ctx.height);
  const half = config.start_angle === 180 && config.end_angle === 0;
  const width = Math.max(8, size * 0.42 * (1 - config.inner_radius / 100));
  const fill = valueColor(value, config, colors.muted);
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        startAngle: config.start_angle,
        endAngle: config.end_angle,
        radius: half ? '110%' : '88%',
        center: ['50%', half ? '78%' : '50%'],
        progress: { show: value !== null, roundCap: !half, width, itemStyle: { color: fill } },
        axisLine: { roundCap: !half, lineStyle: { width, color: [[1, colors.track]] } },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: {
          show: half && size > 120,
          distance: -width - 14,
          color: colors.muted,
          fontSize: 10,
          formatter: (v: number) => (v === min || v === max ? String(v) : ''),
        },
        title: { show: false },
        detail: {
          offsetCenter: [0, half ? '-12%' : 0],
          fontSize: Math.max(14, Math.min(30, size * 0.12)),
          fontWeight: 'bold',
          color: fill,
          formatter: () => formatValue(value, config.decimals, config.unit),
        },
        data: [{ value: value ?? min }],
      },
    ],
  };
}
