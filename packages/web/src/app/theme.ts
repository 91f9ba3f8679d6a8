/**
 * Mantine theme with light and dark schemes. The primary colour follows the brand (Ferrite's
 * indigo, Lodestone's blue) so the white-labelled hosts look like their artwork.
 */
import type { BrandSet } from '@ferrite/contracts';
import {
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

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
      Notification: { defaultProps: { radius: 'md', withBorder: true } },
    },
  });
}
