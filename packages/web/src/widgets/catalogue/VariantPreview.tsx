/** A small live drawing of a variant on sample data, drawn once the card scrolls into view. */
import { isCommandWidgetKind, type WidgetVariant } from '@ferrite/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EChart } from '../EChart';
import { widgetDefinition } from '../registry';
import { preferredRenderer } from '../renderers/ChartWidget';
import type { WidgetRendererProps, WidgetTheme } from '../types';
import { chartContextOf } from '../useChartContext';
import { WidgetRenderer } from '../WidgetRenderer';
import { previewSample } from './previewSample';

interface VariantPreviewProps {
  variant: WidgetVariant;
  theme: WidgetTheme;
  width: number;
  height: number;
}

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
  const { config, data } = useMemo(() => previewSample(variant), [variant]);
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
