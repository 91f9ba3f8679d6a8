/**
 * The configuration of one widget instance: what it shows (series, query window), how (display options)
 * and kind-specific settings. Flat on purpose: a variant's defaults are a shallow Partial of it, and the
 * server stores it as one jsonb document. Every field has a default, so `widgetConfigSchema.parse({})`
 * is a complete config.
 */
import { z } from 'zod';
import { TELEMETRY_AGGREGATE_FUNCS, TELEMETRY_INTERVAL_TYPES } from '../telemetry';
import { colorSchema } from './color';
import { configText } from './configText';
import { widgetSeriesSchema } from './series';
import { DEFAULT_TEXT_SETTINGS, textSettingsSchema } from './textSettings';
import {
  colorStopSchema,
  DEFAULT_ENTIRE_RANGE,
  defaultColorStops,
  entireRangeSchema,
  isThresholdRowFlagged,
  THRESHOLD_ROW_ERROR,
  thresholdRangeSchema,
  WIDGET_DATA_TYPES,
} from './thresholds';

/** The time window a widget reads, ending now. */
export const WIDGET_TIME_RANGES = ['15m', '1h', '6h', '24h', '7d', '30d', '90d', '1y'] as const;
export type WidgetTimeRange = (typeof WIDGET_TIME_RANGES)[number];
/** The window lengths in milliseconds. */
export const WIDGET_TIME_RANGE_MS: Record<WidgetTimeRange, number> = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 24 * 3_600_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
  '1y': 365 * 86_400_000,
};
/** Named colour palettes for series without a colour of their own. */
export const WIDGET_PALETTES = ['default', 'ocean', 'sunset', 'forest', 'mono', 'vivid'] as const;
export const MARK_LINES = ['min', 'max', 'average'] as const;
export const STEP_MODES = ['start', 'middle', 'end'] as const;
export const HEATMAP_LAYOUTS = ['hour_day', 'day_month'] as const;
export const BOX_GROUPS = ['series', 'day', 'hour'] as const;
export const KPI_COMPARISONS = ['none', 'previous', 'first'] as const;
export const IMAGE_FITS = ['contain', 'cover', 'fill'] as const;
export const MAP_MODES = ['plan', 'geo'] as const;
export const SPARK_STYLES = ['line', 'area', 'bar'] as const;

/** Image sources: http(s), same-origin paths or inline raster images; never javascript: or SVG data. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(2_000_000)
  .refine(
    (url) => url === '' || /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url),
    {
      error: 'Image URL must start with http://, https:// or /',
    },
  );

/** A marker on a map widget: x/y in percent of a plan, or lon/lat on the geo plane. */
export const mapPointSchema = z.object({
  id: configText('Id', 80),
  label: configText('Label', 120).default(''),
  x: z.number().finite(),
  y: z.number().finite(),
  /** The series whose latest value colours the marker through the thresholds. */
  series_key: configText('Series key', 200).default(''),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

const optionalNumber = z.number().finite().nullable().default(null);

const widgetConfigObject = z.object({
  title: configText('Title', 200).trim().default(''),
  show_title: z.boolean().default(true),
  title_settings: textSettingsSchema.default(DEFAULT_TEXT_SETTINGS),
  series: z.array(widgetSeriesSchema).max(20).default([]),
  data_type: z.enum(WIDGET_DATA_TYPES).default('numeric'),
  thresholds: z.array(thresholdRangeSchema).max(50).default([]),
  entire_range: entireRangeSchema.default({ ...DEFAULT_ENTIRE_RANGE }),
  color_stops: z.array(colorStopSchema).max(20).default(defaultColorStops),
  text_settings: textSettingsSchema.default(DEFAULT_TEXT_SETTINGS),

  // What to read (the widget-instance read query of spec §3).
  aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS).default('avg'),
  group_interval: z.number().int().min(1).max(1_000_000).default(1),
  group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES).default('hour'),
  time_range: z.enum(WIDGET_TIME_RANGES).default('24h'),
  /** When set, the N newest raw points instead of buckets. */
  last: z.number().int().min(1).max(10_000).nullable().default(null),

  // How to show it.
  unit: configText('Unit', 30).default(''),
  decimals: z.number().int().min(0).max(6).default(2),
  palette: z.enum(WIDGET_PALETTES).default('default'),
  smooth: z.boolean().default(false),
  show_points: z.boolean().default(false),
  show_legend: z.boolean().default(true),
  show_grid: z.boolean().default(true),
  show_labels: z.boolean().default(false),
  show_data_zoom: z.boolean().default(false),
  show_thresholds: z.boolean().default(false),
  stacked: z.boolean().default(false),
  /** Lines with their area filled (stacked areas; the area kind always fills). */
  fill_area: z.boolean().default(false),
  percent: z.boolean().default(false),
  horizontal: z.boolean().default(false),
  y_min: optionalNumber,
  y_max: optionalNumber,
  y_log: z.boolean().default(false),
  mark_lines: z.array(z.enum(MARK_LINES)).max(3).default([]),
  trend_line: z.boolean().default(false),
  step: z.enum(STEP_MODES).default('start'),

  // Proportions and gauges.
  inner_radius: z.number().min(0).max(95).default(0),
  rose: z.boolean().default(false),
  start_angle: z.number().min(-360).max(360).default(225),
  end_angle: z.number().min(-360).max(360).default(-45),

  // Statistics.
  bins: z.number().int().min(2).max(200).default(10),
  heatmap_layout: z.enum(HEATMAP_LAYOUTS).default('hour_day'),
  box_group: z.enum(BOX_GROUPS).default('series'),

  // Indicators.
  kpi_compare: z.enum(KPI_COMPARISONS).default('none'),
  spark_style: z.enum(SPARK_STYLES).default('line'),
  progress_ring: z.boolean().default(false),

  // Content.
  table_rows: z.number().int().min(1).max(500).default(20),
  table_newest_first: z.boolean().default(true),
  table_summary: z.boolean().default(false),
  map_mode: z.enum(MAP_MODES).default('plan'),
  map_points: z.array(mapPointSchema).max(500).default([]),
  map_background: imageUrlSchema.default(''),
  /** Plain text with a small markdown subset (**bold**, *italic*, # heading, - list, [link](https://…)). */
  text_content: configText('Text', 20_000).default(''),
  image_url: imageUrlSchema.default(''),
  image_alt: configText('Image description', 300).default(''),
  image_fit: z.enum(IMAGE_FITS).default('contain'),

  // Command widgets.
  command_name: configText('Command name', 120).trim().default('set_value'),
  command_gateway_id: z.string().uuid().nullable().default(null),
  command_label: configText('Command label', 60).default(''),
  command_on_value: z.union([z.number(), configText('On value', 200), z.boolean()]).default(1),
  command_off_value: z.union([z.number(), configText('Off value', 200), z.boolean()]).default(0),
  command_min: z.number().finite().default(0),
  command_max: z.number().finite().default(100),
  command_step: z.number().positive().default(1),
  command_confirm: configText('Confirmation text', 300).default(''),
  accent_color: colorSchema.nullable().default(null),
});

export const widgetConfigSchema = widgetConfigObject.superRefine((config, ctx) => {
  // Spec §5: a threshold row is an error when from >= to (boolean rows are fixed points).
  if (config.data_type === 'numeric') {
    for (const [i, row] of config.thresholds.entries()) {
      if (isThresholdRowFlagged(row))
        ctx.addIssue({ code: 'custom', path: ['thresholds', i, 'to'], message: THRESHOLD_ROW_ERROR });
    }
  }
  if (config.command_min >= config.command_max) {
    ctx.addIssue({ code: 'custom', path: ['command_max'], message: 'Max must be greater than min' });
  }
});
/** A complete widget configuration (every field filled in). */
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

/** Every field of a complete config (the schema fills each one in: none is optional). */
export const WIDGET_CONFIG_KEYS: readonly string[] = Object.keys(widgetConfigObject.shape);
/** What a client may send: any subset; the schema fills in the rest. */
export type WidgetConfigInput = z.input<typeof widgetConfigSchema>;

/** The full default configuration. */
export function defaultWidgetConfig(): WidgetConfig {
  return widgetConfigSchema.parse({});
}
