/** A small live drawing of a variant on sample data, drawn once the card scrolls into view. */
import {
  defaultWidgetConfig,
  isCommandWidgetKind,
  resolveWidgetConfig,
  type WidgetVariant,
} from '@ferrite/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EChart } from '../EChart';
import { widgetDefinition } from '../registry';
import { preferredRenderer } from '../renderers/ChartWidget';
import { sampleSeries, sampleWidgetData } from '../sampleData';
import type { WidgetRendererProps, WidgetTheme } from '../types';
import { chartContextOf } from '../useChartContext';
import { WidgetRenderer } from '../WidgetRenderer';

interface VariantPreviewProps {
  variant: WidgetVariant;
  theme: WidgetTheme;
  width: number;
  height: number;
}

const SINGLE_SERIES = new Set([
  'gauge',
  'solid_gauge',
  'kpi',
  'sparkline',
  'status_lamp',
  'progress',
  'heatmap',
  'histogram',
  'candlestick',
  'text',
]);

/** The preview of one catalogue card. */
export function VariantPreview({ variant, theme, width, height }: VariantPreviewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !host.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(host.current);
    return () => observer.disconnect();
  }, [visible]);
  const { config, data } = useMemo(() => {
    const series = SINGLE_SERIES.has(variant.kind) ? 1 : variant.kind === 'scatter' ? 2 : 3;
    let resolved = defaultWidgetConfig();
    try {
      // Named series, so legends and gauge captions read "Station 1", not the sample's key.
      resolved = resolveWidgetConfig(variant, { show_title: false, series: sampleSeries(series) });
    } catch {
      // A preset that does not parse shows the defaults; the contracts test keeps this from happening.
    }
    const stepMs =
      variant.kind === 'heatmap' || variant.kind === 'box_plot'
        ? 3_600_000
        : variant.kind === 'candlestick'
          ? 900_000
          : 3_600_000;
    const count = variant.kind === 'heatmap' ? 24 * 7 : variant.kind === 'histogram' ? 200 : 48;
    return { config: resolved, data: sampleWidgetData(variant, resolved, { series, count, stepMs }) };
  }, [variant]);
  const props: WidgetRendererProps = {
    variant,
    config,
    data,
    loading: false,
    error: null,
    width,
    height,
    theme,
  };
  // Cards are buttons: controls and links inside them would be nested interactive content, so those
  // kinds preview as their export drawing.
  const drawing = isCommandWidgetKind(variant.kind) || variant.kind === 'text';
  return (
    <div ref={host} style={{ width, height, pointerEvents: 'none' }} aria-hidden="true">
      {visible && drawing ? (
        <EChart
          option={widgetDefinition(variant.kind).toOption(chartContextOf(props))}
          theme={theme}
          width={width}
          height={height}
          renderer={preferredRenderer()}
          label={variant.name}
        />
      ) : null}
      {visible && !drawing ? <WidgetRenderer {...props} /> : null}
    </div>
  );
}
