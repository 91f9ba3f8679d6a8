/**
 * The map widget without network tiles (the plant may have no internet): markers on a floor/site plan
 * (x, y in percent, an uploaded plan image behind them or a drawn outline) or on a longitude/latitude
 * plane. A marker takes the colour of the threshold range its series' latest value falls in.
 */
import { type MapPoint, thresholdForValue } from '@ferrite/contracts';
import { formatValue } from '../data/format';
import { latestValue } from '../data/prepare';
import type { EChartsOption } from '../echarts';
import { WIDGET_COLORS } from '../theme';
import type { ChartContext } from '../types';

/** The configured markers, or one per series spread over the plan when none are placed yet. */
export function mapMarkers(ctx: ChartContext): MapPoint[] {
  if (ctx.config.map_points.length > 0) return ctx.config.map_points;
  const n = ctx.series.length;
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.max(1, Math.ceil(n / Math.max(cols, 1)));
  return ctx.series.map((s, i) => ({
    id: s.key,
    label: s.name,
    series_key: s.key,
    x: ((i % cols) + 0.5) * (100 / Math.max(cols, 1)),
    y: (Math.floor(i / cols) + 0.5) * (100 / rows),
  }));
}

/** A drawn plant outline: walls and a few bays, so an empty plan still reads as a plan. */
function planOutline(stroke: string, fill: string): object[] {
  const rect = (x: number, y: number, w: number, h: number) => ({
    type: 'rect',
    shape: { x, y, width: w, height: h },
    style: { stroke, fill, lineWidth: 1, strokeNoScale: true },
    silent: true,
  });
  return [
    rect(0, 0, 100, 100),
    rect(0, 0, 40, 45),
    rect(40, 0, 35, 45),
    rect(75, 0, 25, 45),
    rect(0, 55, 60, 45),
    rect(60, 55, 40, 45),
  ];
}

/** The map option. */
export function mapOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const markers = mapMarkers(ctx);
  const plan = config.map_mode === 'plan';
  const data = markers.map((m) => {
    const series = ctx.series.find((s) => s.key === m.series_key);
    const value = latestValue(series);
    const color =
      thresholdForValue(value, config.thresholds, config.data_type)?.color ?? series?.color ?? '#3b4cc0';
    return { name: m.label || m.id, value: [m.x, m.y, value ?? Number.NaN], itemStyle: { color } };
  });
  const xs = markers.map((m) => m.x);
  const ys = markers.map((m) => m.y);
  const pad = (lo: number, hi: number) => Math.max(0.01, (hi - lo) * 0.15);
  const geoBounds = markers.length
    ? {
        x: [
          Math.min(...xs) - pad(Math.min(...xs), Math.max(...xs)),
          Math.max(...xs) + pad(Math.min(...xs), Math.max(...xs)),
        ],
        y: [
          Math.min(...ys) - pad(Math.min(...ys), Math.max(...ys)),
          Math.max(...ys) + pad(Math.min(...ys), Math.max(...ys)),
        ],
      }
    : { x: [-180, 180], y: [-90, 90] };
  const axis = (range: number[], name: string, inverse: boolean) => ({
    type: 'value' as const,
    min: range[0],
    max: range[1],
    inverse,
    show: !plan,
    name: plan ? undefined : name,
    splitLine: { show: !plan && config.show_grid, lineStyle: { type: 'dashed' as const } },
    axisLabel: { formatter: (v: number) => v.toFixed(2) },
  });
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const item = p as { name: string; value: [number, number, number] };
        return `${item.name}: ${formatValue(Number.isNaN(item.value[2]) ? null : item.value[2], config.decimals, config.unit)}`;
      },
    },
    grid: plan ? { left: 4, right: 4, top: 4, bottom: 4 } : { left: 8, right: 16, top: 16, bottom: 8 },
    xAxis: axis(plan ? [0, 100] : (geoBounds.x as number[]), 'Longitude', false),
    yAxis: axis(plan ? [0, 100] : (geoBounds.y as number[]), 'Latitude', plan),
    series: [
      {
        type: 'scatter',
        symbolSize: 16,
        data,
        label: {
          show: config.show_labels || plan,
          position: 'bottom',
          fontSize: 10,
          color: colors.text,
          formatter: (p: unknown) => {
            const item = p as { name: string; value: [number, number, number] };
            return config.show_labels
              ? `${item.name} ${formatValue(Number.isNaN(item.value[2]) ? null : item.value[2], config.decimals, config.unit)}`
              : item.name;
          },
        },
        itemStyle: {
          borderColor: colors.surface,
          borderWidth: 2,
          shadowBlur: 4,
          shadowColor: 'rgba(0,0,0,0.25)',
        },
      },
    ],
    graphic: plan
      ? [
          {
            type: 'group',
            left: 4,
            top: 4,
            bounding: 'raw',
            silent: true,
            z: -10,
            scaleX: Math.max(1, ctx.width - 8) / 100,
            scaleY: Math.max(1, ctx.height - 8) / 100,
            children: config.map_background
              ? [
                  {
                    type: 'image',
                    style: {
                      image: config.map_background,
                      x: 0,
                      y: 0,
                      width: 100,
                      height: 100,
                      opacity: 0.9,
                    },
                    silent: true,
                  },
                ]
              : planOutline(
                  colors.axis,
                  ctx.theme === 'dark' ? 'rgba(255,255,255,0.02)' : 'rgba(0,0,0,0.015)',
                ),
          },
        ]
      : undefined,
  };
}
