/**
 * Widget colours for light and dark. HTML widgets use CSS variables (widgets.module.css, Mantine's
 * light-dark()); ECharts needs literal colours, so its two themes repeat the same values here.
 */
import {
  DEFAULT_TEXT_COLOR,
  type TextSettings,
  textSettingsStyle,
  type WidgetConfig,
} from '@ferrite/contracts';
import { GRAPHIC_CONTRAST, readableOn, TEXT_CONTRAST } from '../ui/contrast';
import type { WidgetTheme } from './types';

/** Series colours of each named palette. */
export const PALETTES: Record<WidgetConfig['palette'], readonly string[]> = {
  default: ['#3b4cc0', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'],
  ocean: ['#1864ab', '#1c7ed6', '#339af0', '#74c0fc', '#0b7285', '#22b8cf', '#66d9e8', '#364fc7'],
  sunset: ['#e8590c', '#f76707', '#fd7e14', '#fab005', '#c92a2a', '#e64980', '#ae3ec9', '#f59f00'],
  forest: ['#2b8a3e', '#37b24d', '#69db7c', '#5c940d', '#82c91e', '#087f5b', '#20c997', '#a9e34b'],
  mono: ['#343a40', '#495057', '#868e96', '#adb5bd', '#212529', '#5c5f66', '#909296', '#c1c2c5'],
  vivid: ['#f03e3e', '#1c7ed6', '#37b24d', '#f59f00', '#ae3ec9', '#0ca678', '#e8590c', '#4263eb'],
};

/** Text, axis and surface colours per scheme. */
export const WIDGET_COLORS: Record<
  WidgetTheme,
  { text: string; muted: string; axis: string; split: string; surface: string; track: string }
> = {
  light: {
    text: '#212529',
    // Axis labels and range texts are text: 4.5:1 on every light panel (#868e96 was 3.2:1).
    muted: '#5f6770',
    axis: '#adb5bd',
    split: '#e9ecef',
    surface: '#ffffff',
    track: '#e9ecef',
  },
  dark: {
    text: '#c9c9c9',
    muted: '#a6a7ab',
    axis: '#5c5f66',
    split: '#373a40',
    surface: '#25262b',
    track: '#373a40',
  },
};

/**
 * Of the panels a dashboard theme draws widgets of this scheme on (contracts DASHBOARD_THEMES, and
 * Mantine's dark.6 for a light theme in the dark workspace), the one colours contrast least with.
 */
export const WEAKEST_PANEL: Record<WidgetTheme, string> = { light: '#f8f9fa', dark: '#2e2e2e' };

/** A series colour as drawn: darkened (light) or lightened (dark) until lines and bars reach 3:1. */
export function drawnSeriesColor(color: string, theme: WidgetTheme): string {
  return readableOn(color, WEAKEST_PANEL[theme], GRAPHIC_CONTRAST);
}

/** A value's colour as text (KPI numbers, gauge readouts): adjusted until it reaches 4.5:1. */
export function drawnTextColor(color: string, theme: WidgetTheme): string {
  return readableOn(color, WEAKEST_PANEL[theme], TEXT_CONTRAST);
}

/** The ECharts theme name of a scheme. */
export function echartsThemeName(theme: WidgetTheme): string {
  return `ferrite-${theme}`;
}

function echartsTheme(theme: WidgetTheme) {
  const c = WIDGET_COLORS[theme];
  const axis = {
    axisLine: { lineStyle: { color: c.axis } },
    axisTick: { lineStyle: { color: c.axis } },
    axisLabel: { color: c.muted },
    splitLine: { lineStyle: { color: c.split } },
    nameTextStyle: { color: c.muted },
  };
  return {
    color: PALETTES.default.map((color) => drawnSeriesColor(color, theme)),
    backgroundColor: 'transparent',
    textStyle: { color: c.text, fontFamily: 'Inter, system-ui, sans-serif' },
    title: { textStyle: { color: c.text }, subtextStyle: { color: c.muted } },
    legend: { textStyle: { color: c.muted } },
    tooltip: { backgroundColor: c.surface, borderColor: c.split, textStyle: { color: c.text } },
    valueAxis: axis,
    timeAxis: axis,
    categoryAxis: axis,
    logAxis: axis,
    radar: {
      axisName: { color: c.muted },
      splitLine: { lineStyle: { color: c.split } },
      axisLine: { lineStyle: { color: c.axis } },
    },
    gauge: { title: { color: c.muted }, detail: { color: c.text } },
  };
}

/** Both ECharts themes by name, registered once in echarts.ts. */
export const ECHARTS_THEMES: Record<string, object> = {
  [echartsThemeName('light')]: echartsTheme('light'),
  [echartsThemeName('dark')]: echartsTheme('dark'),
};

/**
 * The CSS of text settings on a widget of this scheme: the spec's default colour (#495057) is for light
 * surfaces, so on dark ones it becomes the scheme's text colour; colours chosen on purpose are kept.
 */
export function themedTextStyle(
  settings: TextSettings,
  theme: WidgetTheme,
): ReturnType<typeof textSettingsStyle> {
  const style = textSettingsStyle(settings);
  if (theme === 'dark' && settings.fontColor.toLowerCase() === DEFAULT_TEXT_COLOR.toLowerCase()) {
    return { ...style, color: WIDGET_COLORS.dark.text };
  }
  return style;
}
