/** The props every widget renderer and config editor takes, and what a kind registers. */
import type { AlertMark, WidgetConfig, WidgetData, WidgetKind, WidgetVariant } from '@ferrite/contracts';
import type { EChartsType } from 'echarts/core';
import type { ComponentType } from 'react';
import type { EChartsOption } from './echarts';

export type WidgetTheme = 'light' | 'dark';

/** The newest value of a series as it arrived over the socket, by series key. */
export type LiveValues = Record<string, { ts: string; value: number }>;

/**
 * A widget's data as it moves on between renders: the read with every live value since folded in. A
 * renderer that follows it itself (WidgetKindDefinition.followsFeed: the chart kinds, which draw at their
 * turn in the draw queue) draws the newest data without the card rendering again for every value.
 */
export interface LiveDataFeed {
  /** The data now; the same object until something new arrives. */
  current(): WidgetData | undefined;
  /** Calls `listener` whenever current() may have changed; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** What the dashboard hands a widget. */
export interface WidgetRendererProps {
  variant: WidgetVariant;
  /** The resolved config (variant defaults under the instance's settings). */
  config: WidgetConfig;
  /** The data of the bound series; undefined until loaded. */
  data: WidgetData | undefined;
  loading: boolean;
  /** Truthy when the data failed to load: the widget then shows the spec §8 message. */
  error: unknown;
  live?: LiveValues;
  /** Where `data` goes next, for a renderer that follows it between renders (see LiveDataFeed). */
  feed?: LiveDataFeed;
  width: number;
  height: number;
  theme: WidgetTheme;
  /** Command widgets call this with the value to send, after the user confirmed. */
  onCommand?: (value: unknown) => void | Promise<void>;
  /** Receives the ECharts instance of chart kinds (for exports); null when it goes away. */
  onChart?: (chart: EChartsType | null) => void;
}

/** What a config editor edits: the whole config, one change at a time. */
export interface WidgetEditorProps {
  variant: WidgetVariant;
  config: WidgetConfig;
  onChange: (config: WidgetConfig) => void;
}

/** A series ready to draw: formula applied, live value merged, name and colour decided. */
export interface PreparedSeries {
  key: string;
  name: string;
  color: string;
  axis: 'left' | 'right';
  unit: string;
  /** [epoch ms, value], oldest first. */
  points: Array<[number, number]>;
}

/** What an option builder gets. */
export interface ChartContext {
  variant: WidgetVariant;
  config: WidgetConfig;
  series: PreparedSeries[];
  theme: WidgetTheme;
  width: number;
  height: number;
  /** Alerts of the bound sensors in the window, pinned where they fired (line and area charts). */
  alertMarks?: AlertMark[];
}

/** One registered kind: how it draws on screen, how it draws into an exported image, how it is edited. */
export interface WidgetKindDefinition {
  kind: WidgetKind;
  /** The on-screen component. */
  Renderer: ComponentType<WidgetRendererProps>;
  /** The kind's own settings in the config editor (may be null: the common tabs are enough). */
  Editor: ComponentType<WidgetEditorProps> | null;
  /** An ECharts option that draws the widget: the chart itself, or a snapshot of an HTML widget for exports. */
  toOption: (ctx: ChartContext) => EChartsOption;
  /** Which config editor tabs apply. */
  editorTabs: ReadonlyArray<'data' | 'series' | 'thresholds' | 'stops' | 'text'>;
  /** Its renderer draws props.feed's newest data by itself, so a live value need not render the card again. */
  followsFeed: boolean;
}
