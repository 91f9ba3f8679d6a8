/** The memoized ChartContext of a renderer's props (series prepared once per data, live or config change). */
import { useMemo } from 'react';
import { prepareSeries } from './data/prepare';
import { drawnSeriesColor } from './theme';
import type { ChartContext, WidgetRendererProps } from './types';
import { bodySize } from './WidgetFrame';

/** Builds the context option builders and HTML renderers read. */
export function chartContextOf(props: WidgetRendererProps): ChartContext {
  const { width, height } = bodySize(props);
  return {
    variant: props.variant,
    config: props.config,
    // Palette and chosen colours are drawn at 3:1 on the panel; the stored config keeps the choice.
    series: prepareSeries(props.config, props.data, props.live).map((series) => ({
      ...series,
      color: drawnSeriesColor(series.color, props.theme),
    })),
    theme: props.theme,
    width,
    height,
  };
}

/** chartContextOf, memoized on what it reads. */
export function useChartContext(props: WidgetRendererProps): ChartContext {
  const { variant, config, data, live, theme, width, height } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed props are exactly what chartContextOf reads.
  return useMemo(() => chartContextOf(props), [variant, config, data, live, theme, width, height]);
}
