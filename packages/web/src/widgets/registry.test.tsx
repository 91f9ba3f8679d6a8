import { MESSAGES, WIDGET_KINDS, WIDGET_VARIANTS } from '@ferrite/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echarts } from './echarts';
import { WIDGET_REGISTRY } from './registry';
import { installWidgetShims, renderWithProviders, widgetProps } from './testing';
import { chartContextOf } from './useChartContext';
import { WidgetRenderer } from './WidgetRenderer';

beforeAll(installWidgetShims);
afterEach(cleanup);

const firstOf = (kind: string) => WIDGET_VARIANTS.find((v) => v.kind === kind)!;
const DATA_FREE = new Set(['image', 'button', 'switch', 'slider', 'set_point', 'text']);

describe('widget registry', () => {
  it('offers at least 200 variants and registers every kind', () => {
    expect(WIDGET_VARIANTS.length).toBeGreaterThanOrEqual(200);
    for (const kind of WIDGET_KINDS) {
      expect(WIDGET_REGISTRY[kind].kind).toBe(kind);
      expect(typeof WIDGET_REGISTRY[kind].toOption).toBe('function');
    }
  });

  for (const kind of WIDGET_KINDS) {
    describe(kind, () => {
      it('renders with real data, empty data, while loading and on error', () => {
        const variant = firstOf(kind);
        const { rerender, container } = renderWithProviders(<WidgetRenderer {...widgetProps(variant)} />);
        expect(container.querySelector(`[data-widget-kind="${kind}"]`)).not.toBeNull();

        rerender(<WidgetRenderer {...widgetProps(variant, {}, { series: [] })} />);
        rerender(<WidgetRenderer {...widgetProps(variant, { data: undefined })} />);

        rerender(<WidgetRenderer {...widgetProps(variant, { data: undefined, loading: true })} />);
        if (!DATA_FREE.has(kind)) expect(screen.getByLabelText('Loading widget data')).toBeInTheDocument();

        rerender(<WidgetRenderer {...widgetProps(variant, { data: undefined, error: new Error('boom') })} />);
        if (!DATA_FREE.has(kind))
          expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.widgetLoadError);

        rerender(<WidgetRenderer {...widgetProps(variant, { theme: 'dark' })} />);
        expect(container.querySelector('[data-theme="dark"]')).not.toBeNull();
      });
    });
  }

  it('draws every variant on sample data (its ECharts option, rendered to SVG) without throwing', () => {
    // One server-side chart reused: rendering 200+ React trees in jsdom would take ~20 s.
    const chart = echarts.init(null, 'ferrite-light', {
      renderer: 'svg',
      ssr: true,
      width: 320,
      height: 200,
    });
    try {
      for (const variant of WIDGET_VARIANTS) {
        const ctx = chartContextOf(widgetProps(variant, { width: 320, height: 200 }));
        chart.setOption(WIDGET_REGISTRY[variant.kind].toOption(ctx), { notMerge: true });
        expect(chart.renderToSVGString(), variant.id).toContain('<svg');
      }
    } finally {
      chart.dispose();
    }
  }, 60_000);

  it('shows exactly the spec §8 message when data fails to load', () => {
    renderWithProviders(<WidgetRenderer {...widgetProps(firstOf('line'), { error: { status: 500 } })} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'There is some error while loading data for this widget.',
    );
  });
});
