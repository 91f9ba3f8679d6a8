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
  const valueSize = Math.max(14, Math.min(28, ctx.height * 0.22));
  const color = series?.color ?? '#3b4cc0';
  return {
    graphic: [
      {
        type: 'text',
        x: 6,
        y: 4,
        silent: true,
        style: {
          verticalAlign: 'top',
          text: formatValue(value, config.decimals, config.unit),
          fill: config.show_thresholds ? valueColor(value, config, colors.text) : colors.text,
          fontSize: valueSize,
          fontWeight: 'bold',
        },
      },
    ],
    grid: { left: 2, right: 2, top: valueSize + 10, bottom: 2, outerBoundsMode: 'none' } as object,
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
