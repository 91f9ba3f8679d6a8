/**
 * Mantine theme with light and dark schemes. The primary colour follows the brand (Ferrite's
 * indigo, Lodestone's blue) so the white-labelled hosts look like their artwork.
 */
import type { BrandSet } from '@ferrite/contracts';
import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import { GRAPHIC_CONTRAST, readableOn } from '../ui/contrast';
import focusClasses from './focusRing.module.css';

/** Ferrite's indigo, built around the logo's #3b4cc0. */
const ferrite: MantineColorsTuple = [
  '#eef0fc',
  '#dadef5',
  '#b1baeb',
  '#8693e1',
  '#6373d9',
  '#4c5ed4',
  '#3b4cc0',
  '#3242ab',
  '#293999',
  '#1e2a78',
];

/** Lodestone's blue, built around the logo's #1971c2. */
const lodestone: MantineColorsTuple = [
  '#e7f3ff',
  '#d0e4fb',
  '#a0c7f3',
  '#6ca8ec',
  '#428ee5',
  '#2a7ee2',
  '#1971c2',
  '#0e64b3',
  '#005aa1',
  '#004d8f',
];

/** Remembers the user's light/dark choice across visits (the workspace also saves it to settings). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'ferrite-color-scheme' });

/**
 * Secondary ("dimmed") text. Mantine's own (gray.6 in light, dark.2 in dark) reads at 3.0-3.3:1
 * on the window and card backgrounds; these keep 4.5:1 (WCAG AA) on white, gray.0-gray.2 and on
 * dark.5-dark.7, the surfaces secondary text sits on, while staying visibly lighter than body text.
 */
export const DIMMED_TEXT = { light: '#5f6770', dark: '#a6a6a6' } as const;

/** The lightest surface coloured text sits on in the light scheme (window bodies are gray.0). */
const LIGHT_SURFACE = '#f8f9fa';

/**
 * Coloured text in the light scheme: Mantine draws `c="teal"`, outline and light badges with shades
 * 6 and 9, which for the yellow-green half of the palette (and gray) read at 2-3.8:1. Each colour keeps its
 * hue, darkened only as far as 4.5:1 needs (the dark scheme's lighter shades already pass).
 */
function readableLightColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const text = readableOn(shades[6], LIGHT_SURFACE);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return variables;
}

/** The lightest surface coloured text sits on in the dark scheme (cards and window bodies, dark.6). */
const DARK_SURFACE = '#2e2e2e';

/**
 * Coloured text and links in the dark scheme: shade 4 of the deeper colours (the brands' indigo
 * and blue included) reads 3.1-3.7:1 on dark.6, so each is lightened as far as 4.5:1 needs.
 */
function readableDarkColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    variables[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_SURFACE);
  }
  const primary = theme.colors[theme.primaryColor];
  if (primary) variables['--mantine-color-anchor'] = readableOn(primary[4], DARK_SURFACE);
  return variables;
}

/**
 * The keyboard focus ring: the primary colour at 3:1 against the scheme's surfaces (non-text
 * contrast, WCAG 1.4.11). Mantine draws it in the filled shade, which in the dark scheme reads only
 * 2.5:1 on cards (Ferrite's indigo), so the dark ring is lightened as far as 3:1 needs.
 */
function focusRingColor(theme: MantineTheme, surface: string): string {
  const primary = theme.colors[theme.primaryColor];
  return primary ? readableOn(primary[5], surface, GRAPHIC_CONTRAST) : 'currentColor';
}

/** Scheme-specific CSS variables the theme object cannot express. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT.light,
    '--ferrite-focus-ring': focusRingColor(theme, LIGHT_SURFACE),
    ...readableLightColors(theme),
  },
  dark: {
    '--mantine-color-dimmed': DIMMED_TEXT.dark,
    '--ferrite-focus-ring': focusRingColor(theme, DARK_SURFACE),
    ...readableDarkColors(theme),
  },
});

/** The theme for a brand. */
export function buildTheme(brandId: BrandSet['id']): MantineThemeOverride {
  return createTheme({
    primaryColor: brandId === 'primary' ? 'ferrite' : 'lodestone',
    primaryShade: { light: 6, dark: 5 },
    colors: { ferrite, lodestone },
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Every focusable Mantine part draws its keyboard ring in --ferrite-focus-ring (3:1 in both schemes).
    focusClassName: focusClasses.ring,
    components: {
      Button: { defaultProps: { radius: 'md' } },
      TextInput: { defaultProps: { radius: 'md' } },
      PasswordInput: {
        defaultProps: {
          radius: 'md',
          // Mantine's default name contains "password", which makes every "Password" label lookup
          // (screen-reader rotor, getByLabel) ambiguous between the field and its eye button.
          visibilityToggleButtonProps: { 'aria-label': 'Show or hide the typed text' },
        },
      },
      Paper: { defaultProps: { radius: 'lg' } },
      // Mantine's close cross is an icon-only button with no name: screen readers announce "button".
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      // Its close cross gets a name, and its message the body's text colour: the dimmed grey Mantine
      // gives it is 3.3:1 on white (toasts come uninvited, over any screen).
      Notification: {
        defaultProps: { radius: 'md', withBorder: true, closeButtonProps: { 'aria-label': 'Dismiss' } },
        styles: { description: { color: 'var(--mantine-color-text)' } },
      },
    },
  });
}
