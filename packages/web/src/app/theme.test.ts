import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, GRAPHIC_CONTRAST } from '../ui/contrast';
import { buildTheme, cssVariablesResolver } from './theme';

// The surfaces a focused control sits on: page and cards in each scheme (Mantine's body and dark.6/7).
const SURFACES = { light: ['#ffffff', '#f8f9fa'], dark: ['#242424', '#2e2e2e', '#1a1b1e'] } as const;

describe('keyboard focus ring', () => {
  it.each(['primary', 'secondary'] as const)(
    'reaches 3:1 against every surface in light and dark (%s brand)',
    (brand) => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(brand));
      const variables = cssVariablesResolver(theme);
      for (const scheme of ['light', 'dark'] as const) {
        const ring = variables[scheme]['--ferrite-focus-ring'];
        expect(ring, scheme).toBeTruthy();
        for (const surface of SURFACES[scheme]) {
          expect(contrastRatio(ring as string, surface), `${scheme} on ${surface}`).toBeGreaterThanOrEqual(
            GRAPHIC_CONTRAST,
          );
        }
      }
    },
  );

  it('is the class every focusable Mantine part carries', () => {
    expect(buildTheme('primary').focusClassName).toBeTruthy();
  });
});
