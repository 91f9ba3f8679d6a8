/** Gauge (dial and needle) and solid gauge (filled arc), painted by thresholds or colour stops. */
import { colorStopFor, resolveEntireRange, thresholdForValue, type WidgetConfig } from '@ferrite/contracts';
import { formatTick, formatValue } from '../data/format';
import { latestValue } from '../data/prepare';
import type { EChartsOption } from '../echarts';
import { drawnTextColor, WIDGET_COLORS } from '../theme';
import type { ChartContext } from '../types';
import { anchorRadius, gaugeLayout, needleHalfWidth } from './gaugeLayout';

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

/**
 * How many steps the scale has: 4 to 10, preferring steps of 1, 2, 2.5 or 5 × 10ⁿ (0–16 in steps of 2,
 * 490–520 in steps of 5), then whole steps (−95–0 in steps of 19); ECharts' default of 10 equal steps
 * labels a 0–16 dial 1.6, 3.2, 4.8….
 */
export function gaugeSplitNumber(min: number, max: number): number {
  const span = max - min;
  if (!(span > 0)) return 10;
  let best = 10;
  let bestScore = Infinity;
  for (let count = 4; count <= 10; count++) {
    const step = span / count;
    const decimals =
      [0, 1, 2, 3].find((d) => Math.abs(step * 10 ** d - Math.round(step * 10 ** d)) < 1e-9) ?? 4;
    const mantissa = step / 10 ** Math.floor(Math.log10(step));
    const round = [1, 2, 2.5, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-9);
    const score = decimals * 10 + (round ? 0 : 5) + Math.abs(count - 8) * 0.5;
    if (score < bestScore) [best, bestScore] = [count, score];
  }
  return best;
}

/** A dial with a needle; the value and caption in the opening under it (gaugeLayout). */
export function gaugeOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const { min, max } = resolveEntireRange(config.entire_range);
  const value = latestValue(ctx.series[0]);
  const caption = ctx.series[0]?.name ?? '';
  const splitNumber = gaugeSplitNumber(min, max);
  const tickDecimals = Math.min(config.decimals, 2);
  const widest = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  const layout = gaugeLayout({
    width: ctx.width,
    height: ctx.height,
    startAngle: config.start_angle,
    endAngle: config.end_angle,
    // The range's ends (and an out-of-range value): the dial keeps its size while values change.
    valueText: widest([min, max, value].map((v) => formatValue(v, config.decimals, config.unit))),
    caption,
    labelText: widest([min, max].map((v) => formatTick(v, tickDecimals))),
  });
  const dial = layout.radius > 0;
  const arc = layout.arcWidth;
  const text = drawnTextColor(valueColor(value, config, colors.text), ctx.theme);
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        splitNumber,
        startAngle: config.start_angle,
        endAngle: config.end_angle,
        radius: Math.max(1, layout.radius),
        center: [layout.cx, layout.cy],
        axisLine: {
          show: dial,
          lineStyle: { width: Math.max(1, arc), color: gaugeBands(config, colors.track) },
        },
        pointer: {
          show: dial && value !== null,
          length: '62%',
          width: needleHalfWidth(layout.radius) * 2,
          itemStyle: { color: colors.text },
        },
        anchor: {
          show: dial && value !== null,
          size: anchorRadius(ctx.width, ctx.height) * 2,
          itemStyle: { color: colors.text },
        },
        // Minor ticks on a small dial only blur the arc into a comb.
        axisTick: {
          show: dial && layout.radius >= 56,
          distance: -arc,
          length: Math.max(2, arc * 0.35),
          lineStyle: { color: colors.surface, width: 1 },
        },
        splitLine: {
          show: dial,
          distance: -arc,
          length: arc,
          lineStyle: { color: colors.surface, width: 2 },
        },
        axisLabel: {
          show: layout.showLabels,
          distance: layout.labelDistance,
          color: colors.muted,
          fontSize: 10,
          formatter: (v: number) => formatTick(v, tickDecimals),
        },
        title: layout.caption
          ? {
              show: true,
              offsetCenter: [0, layout.caption.top + layout.caption.height / 2],
              color: colors.muted,
              fontSize: layout.caption.fontSize,
              lineHeight: layout.caption.height,
              width: layout.caption.maxWidth,
              overflow: 'truncate',
            }
          : { show: false },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, layout.value.top + layout.value.height / 2],
          fontSize: layout.value.fontSize,
          lineHeight: layout.value.height,
          fontWeight: 'bold',
          color: text,
          formatter: () => formatValue(value, config.decimals, config.unit),
        },
        data: [{ value: value ?? min, name: caption }],
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
