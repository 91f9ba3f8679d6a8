/**
 * Time axes as a dashboard shows them in its first minutes: a chart of the last hour with two minutes
 * of data labels whole minutes, not every ten seconds; its last N raw readings may label seconds.
 */
import { findWidgetVariant, type WidgetVariant } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../export/image';
import { widgetDefinition } from '../registry';
import { installWidgetShims, widgetProps } from '../testing';
import { chartContextOf } from '../useChartContext';

installWidgetShims();

/** Two minutes of readings ten seconds apart. */
const twoMinutes = {
  series: [
    {
      key: 's',
      points: Array.from({ length: 13 }, (_, i) => ({
        ts: new Date(Date.UTC(2026, 2, 2, 22, 36, i * 10)).toISOString(),
        value: 20 + i,
      })),
    },
  ],
};

function timeLabels(variantId: string): string[] {
  const variant = findWidgetVariant(variantId) as WidgetVariant;
  const props = widgetProps(variant, { width: 760, height: 300 }, twoMinutes);
  props.config = { ...props.config, show_title: false };
  const option = widgetDefinition(variant.kind).toOption(chartContextOf(props));
  const svg = renderSvg({ option, config: props.config, theme: 'light', width: 760, height: 300 });
  return [...svg.matchAll(/<text[^>]*>(\d{2}:\d{2}(?::\d{2})?)<\/text>/g)].map((m) => m[1]!);
}

describe('a time axis', () => {
  it('labels whole minutes on a chart of the last hour with two minutes of data', () => {
    const labels = timeLabels('line.hour');
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const label of labels) expect(label).toMatch(/^\d{2}:\d{2}$/);
  });

  it('may label seconds for the newest raw readings', () => {
    expect(timeLabels('line.live').some((label) => /^\d{2}:\d{2}:\d{2}$/.test(label))).toBe(true);
  });
});
