/** The renderer of the ECharts kinds: the kind's option builder's drawing inside the widget frame. */
import { useMemo } from 'react';
import { useAlertMarks } from '../alerts/useAlertMarks';
import { CHART_BUILDERS } from '../charts/builders';
import { EChart } from '../EChart';
import type { WidgetRendererProps } from '../types';
import { chartContextOf } from '../useChartContext';
import { bodySize, WidgetFrame } from '../WidgetFrame';

let canvasSupport: boolean | undefined;
/** Canvas where the browser has one (faster with many points), SVG elsewhere (jsdom). */
export function preferredRenderer(): 'canvas' | 'svg' {
  if (canvasSupport === undefined) {
    try {
      canvasSupport =
        typeof document !== 'undefined' && Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      canvasSupport = false;
    }
  }
  return canvasSupport ? 'canvas' : 'svg';
}

/**
 * Draws a chart kind (line, gauge, heatmap…) with its builder from CHART_BUILDERS. The option is built
 * when the chart draws (EChart's option source), so a live value that a newer one replaces before the
 * chart's turn costs no series preparation and no option. With a feed, the drawing follows it between
 * renders: each new value queues a drawing of the feed's newest data, and the card does not render again.
 */
export function ChartWidget(props: WidgetRendererProps) {
  const builder = CHART_BUILDERS[props.variant.kind];
  if (!builder) throw new Error(`${props.variant.kind} is not a chart kind`);
  const { build } = builder;
  const { variant, config, data, feed, live, theme, width, height } = props;
  const alertMarks = useAlertMarks(variant.kind, config);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed props are exactly what chartContextOf reads.
  const option = useMemo(
    () => () => build({ ...chartContextOf(feed ? { ...props, data: feed.current() } : props), alertMarks }),
    [build, variant, config, data, feed, live, theme, width, height, alertMarks],
  );
  const size = bodySize(props);
  return (
    <WidgetFrame props={props}>
      <EChart
        option={option}
        theme={props.theme}
        width={size.width}
        height={size.height}
        renderer={preferredRenderer()}
        label={`${props.config.title || props.variant.name}: ${builder.describe}`}
        onChart={props.onChart}
        redrawOn={feed?.subscribe}
      />
    </WidgetFrame>
  );
}
