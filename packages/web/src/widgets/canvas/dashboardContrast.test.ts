/**
 * Every dashboard theme, in the light and the dark workspace, draws readable widgets: chart lines and
 * bars of every palette at 3:1 on the theme's panel, and text (values, axis labels, secondary text,
 * a KPI number in a threshold's green) at 4.5:1 (WCAG 2.1 AA, 1.4.3 and 1.4.11).
 */
import { DASHBOARD_THEMES } from '@ferrite/contracts';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT } from '../../app/theme';
import { contrastRatio, GRAPHIC_CONTRAST, TEXT_CONTRAST } from '../../ui/contrast';
import { drawnSeriesColor, drawnTextColor, PALETTES, WIDGET_COLORS } from '../theme';
import { canvasLook } from './dashboardTheme';

/** A canvas variable as the browser resolves it (Mantine's `var(--mantine-color-dark-6)` included). */
function resolved(value: string): string {
  const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  if (!shade) return value;
  const [, name, index] = shade;
  return DEFAULT_THEME.colors[name as 'dark'][Number(index)] as string;
}

const cases = DASHBOARD_THEMES.flatMap((theme) =>
  (['light', 'dark'] as const).map((scheme) => [theme.name, scheme, theme.id] as const),
);

describe.each(cases)('the %s theme in the %s workspace', (_name, scheme, id) => {
  const look = canvasLook(id, scheme);
  const style = look.style as Record<string, string>;
  const panel = resolved(style['--dash-panel'] as string);
  const colors = WIDGET_COLORS[look.widgetTheme];

  it.each(Object.entries(PALETTES))(
    'draws every %s palette line at 3:1 on its panel',
    (_palette, palette) => {
      for (const color of palette) {
        expect(contrastRatio(drawnSeriesColor(color, look.widgetTheme), panel), color).toBeGreaterThanOrEqual(
          GRAPHIC_CONTRAST,
        );
      }
    },
  );

  it('writes values, axis labels and secondary text at 4.5:1', () => {
    const texts = {
      text: resolved(style['--dash-text'] as string),
      widgetText: colors.text,
      axisLabels: colors.muted,
      dimmed: style['--mantine-color-dimmed'] ?? DIMMED_TEXT[scheme],
    };
    for (const [what, color] of Object.entries(texts)) {
      expect(contrastRatio(color, panel), what).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('writes a KPI value in a threshold colour (green, yellow, red) at 4.5:1', () => {
    for (const color of ['#40c057', '#fab005', '#fa5252', '#12b886']) {
      expect(contrastRatio(drawnTextColor(color, look.widgetTheme), panel), color).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    }
  });
});

describe('drawing colours readable', () => {
  it('keeps a colour that already reads well unchanged', () => {
    expect(drawnSeriesColor('#3b4cc0', 'light')).toBe('#3b4cc0');
    expect(drawnTextColor('#c9c9c9', 'dark')).toBe('#c9c9c9');
  });

  it('darkens a light green on white and lightens a dark blue on dark panels, keeping the hue', () => {
    const green = drawnTextColor('#40c057', 'light');
    expect(contrastRatio('#40c057', '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(green).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(green.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    expect(contrastRatio(drawnSeriesColor('#1864ab', 'dark'), '#2e2e2e')).toBeGreaterThanOrEqual(
      GRAPHIC_CONTRAST,
    );
  });
});
