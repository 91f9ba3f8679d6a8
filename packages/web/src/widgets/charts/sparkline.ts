/** A sparkline: the latest value in large type over a tiny line, area or bar chart without axes. */
import { AREA_FILL_OPACITY } from '@ferrite/contracts';
import { formatValue } from '../data/format';
import { latestValue } from '../data/prepare';
import type { EChartsOption } from '../echarts';
import { WIDGET_COLORS } from '../theme';
import type { ChartContext } from '../types';
import { valueColor } from './gauges';

/** The sparkline option. */
export function sparklineOption(ctx: ChartContext): EChartsOption {
  const { config } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const series = ctx.series[0];
  const value = latestValue(series);
  const text = formatValue(value, config.decimals, config.unit);
  const valueSize = fittedSize(text, ctx.width - 12, Math.max(14, Math.min(28, ctx.height * 0.22)));
  const color = series?.color ?? '#3b4cc0';
  return {
    graphic: [
      {
        type: 'text',
        x: 6,
        y: 6,
        silent: true,
        style: {
          verticalAlign: 'top',
          text,
          fill: config.show_thresholds ? valueColor(value, config, colors.text) : colors.text,
          fontSize: valueSize,
          fontWeight: 'bold',
        },
      },
    ],
    grid: { left: 2, right: 2, top: valueSize + 12, bottom: 2, outerBoundsMode: 'none' } as object,
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v) => formatValue(Number(v), config.decimals, config.unit),
    },
    xAxis: { type: 'time', show: false },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      config.spark_style === 'bar'
        ? { type: 'bar', data: series?.points ?? [], color, barCategoryGap: '10%' }
        : {
            type: 'line',
            data: series?.points ?? [],
            color,
            showSymbol: false,
            smooth: true,
            lineStyle: { width: 1.5 },
            areaStyle: config.spark_style === 'area' ? { opacity: AREA_FILL_OPACITY } : undefined,
          },
    ],
  };
}

/**
 * The value's font size: `preferred`, smaller when the text would not fit `width` px (bold digits are
 * about 0.62 em wide), never under 10 px, so a narrow card shows the whole value and unit.
 */
function fittedSize(text: string, width: number, preferred: number): number {
  const fits = width / Math.max(1, text.length * 0.62);
  return Math.max(10, Math.min(preferred, Math.floor(fits)));
}
