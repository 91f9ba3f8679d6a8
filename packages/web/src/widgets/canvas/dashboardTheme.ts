/**
 * A dashboard's theme (contracts DASHBOARD_THEMES) as CSS variables on its canvas, adapted to the
 * workspace's colour scheme: a light theme in dark mode keeps its accent on Mantine's dark surfaces;
 * the dark themes stay dark in both. Widgets draw with the matching ECharts theme.
 */
import {
  DASHBOARD_THEMES,
  type DashboardTheme,
  DEFAULT_TEXT_SETTINGS,
  type TextSettings,
  type WidgetConfig,
} from '@ferrite/contracts';
import type { CSSProperties } from 'react';
import { DIMMED_TEXT } from '../../app/theme';
import type { WidgetTheme } from '../types';

/** The themes whose surfaces are dark whatever the workspace's scheme. */
const DARK_THEMES = new Set<string>(['dark', 'control-room']);

/** The theme with this id (the default theme when unknown). */
export function dashboardTheme(id: string): DashboardTheme {
  return DASHBOARD_THEMES.find((theme) => theme.id === id) ?? DASHBOARD_THEMES[0];
}

export interface CanvasLook {
  /** CSS variables --dash-bg, --dash-panel, --dash-accent, --dash-text, --dash-border. */
  style: CSSProperties;
  widgetTheme: WidgetTheme;
}

/** The canvas variables and widget theme of a dashboard theme under a colour scheme. */
export function canvasLook(themeId: string, scheme: 'light' | 'dark'): CanvasLook {
  const theme = dashboardTheme(themeId);
  const darkTheme = DARK_THEMES.has(theme.id);
  if (darkTheme || scheme === 'dark') {
    const surfaces = darkTheme
      ? { bg: theme.background, panel: theme.panel, text: theme.text }
      : {
          bg: 'var(--mantine-color-dark-8)',
          panel: 'var(--mantine-color-dark-6)',
          text: 'var(--mantine-color-dark-0)',
        };
    return {
      widgetTheme: 'dark',
      style: {
        '--dash-bg': surfaces.bg,
        '--dash-panel': surfaces.panel,
        '--dash-accent': theme.accent,
        '--dash-text': surfaces.text,
        '--dash-border': 'rgba(255, 255, 255, 0.08)',
        // Mantine's text colours come from :root; a dark canvas in a light workspace needs its own.
        '--mantine-color-text': surfaces.text,
        '--mantine-color-dimmed': DIMMED_TEXT.dark,
        '--mantine-color-body': surfaces.panel,
        '--mantine-color-default-border': 'rgba(255, 255, 255, 0.12)',
        // Headings (EmptyState's title, Title) and default buttons read these scheme colours from :root
        // too; without them a light workspace draws near-black headings and white buttons on navy.
        '--mantine-color-bright': 'var(--mantine-color-white)',
        '--mantine-color-default': 'var(--mantine-color-dark-6)',
        '--mantine-color-default-hover': 'var(--mantine-color-dark-5)',
        '--mantine-color-default-color': 'var(--mantine-color-white)',
        '--mantine-color-placeholder': 'var(--mantine-color-dark-3)',
        '--mantine-color-anchor': 'var(--mantine-color-blue-4)',
        '--mantine-color-disabled': 'var(--mantine-color-dark-6)',
        '--mantine-color-disabled-color': 'var(--mantine-color-dark-3)',
      } as CSSProperties,
    };
  }
  return {
    widgetTheme: 'light',
    style: {
      '--dash-bg': theme.background,
      '--dash-panel': theme.panel,
      '--dash-accent': theme.accent,
      '--dash-text': theme.text,
      '--dash-border': 'rgba(0, 0, 0, 0.07)',
    } as CSSProperties,
  };
}

/** The text colour a dark canvas uses where the config kept the spec's default #495057. */
export const DARK_DEFAULT_TEXT = '#c9cdd4';

/**
 * The config as drawn on this canvas: on a dark canvas, text left at the spec's default colour (#495057,
 * meant for light surfaces) is drawn light so it stays readable. Only the drawing changes, not the widget.
 */
export function themedConfig(config: WidgetConfig, widgetTheme: WidgetTheme): WidgetConfig {
  if (widgetTheme !== 'dark') return config;
  const fix = (settings: TextSettings): TextSettings =>
    settings.fontColor.toLowerCase() === DEFAULT_TEXT_SETTINGS.fontColor.toLowerCase()
      ? { ...settings, fontColor: DARK_DEFAULT_TEXT }
      : settings;
  const title = fix(config.title_settings);
  const text = fix(config.text_settings);
  return title === config.title_settings && text === config.text_settings
    ? config
    : { ...config, title_settings: title, text_settings: text };
}
