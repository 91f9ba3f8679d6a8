/**
 * Test-only helpers for widget tests: jsdom shims (no canvas, so ECharts draws SVG), a render wrapper
 * and sample props for any variant.
 */
import { resolveWidgetConfig, type WidgetData, type WidgetVariant } from '@ferrite/contracts';
import { installDomShims, renderWithProviders } from '../ui/test-utils';
import { sampleWidgetData } from './sampleData';
import type { WidgetRendererProps } from './types';

/**
 * jsdom has no canvas: getContext answers null (as a browser without 2D support would), so ECharts
 * falls back to its SVG renderer and the tests read real SVG (jsdom's own getContext only logs an error).
 */
export function installWidgetShims() {
  installDomShims();
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
}

/** Props of a variant on sample data (or the given data). */
export function widgetProps(
  variant: WidgetVariant,
  overrides: Partial<WidgetRendererProps> = {},
  data?: WidgetData,
): WidgetRendererProps {
  const config = resolveWidgetConfig(variant, { title: variant.name });
  return {
    variant,
    config,
    data:
      data ?? sampleWidgetData(variant, config, { series: variant.kind === 'scatter' ? 2 : 3, count: 60 }),
    loading: false,
    error: null,
    width: 400,
    height: 260,
    theme: 'light',
    ...overrides,
  };
}

export { renderWithProviders };
