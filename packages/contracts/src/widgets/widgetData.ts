/** From a variant and a stored config to a complete config and the telemetry query it reads with. */
import { z } from 'zod';
import type { TelemetryDataQuery } from '../telemetry';
import { storedForm } from '../text';
import {
  WIDGET_TIME_RANGE_MS,
  type WidgetConfig,
  type WidgetConfigInput,
  widgetConfigSchema,
} from './config';
import type { WidgetVariant } from './variants';

/** The variant's defaults under the instance's own settings, filled in by the schema. Throws on bad input. */
export function resolveWidgetConfig(
  variant: Pick<WidgetVariant, 'defaults'>,
  config?: WidgetConfigInput,
): WidgetConfig {
  return widgetConfigSchema.parse({ ...variant.defaults, ...(config ?? {}) });
}

// A stored config keeps its text as written, even from before the text rules (see storedForm).
const storedConfigSchema = storedForm(widgetConfigSchema);

/**
 * Like resolveWidgetConfig for a stored config: its text is read as it is, and a config that no
 * longer parses otherwise falls back to the variant's defaults.
 */
export function safeResolveWidgetConfig(
  variant: Pick<WidgetVariant, 'defaults'>,
  config?: unknown,
): WidgetConfig {
  const parsed = storedConfigSchema.safeParse({ ...variant.defaults, ...(isRecord(config) ? config : {}) });
  return parsed.success ? parsed.data : storedConfigSchema.parse({ ...variant.defaults });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The widget-instance read query (spec §3) for a config at a moment: a window ending now, or the last N. */
export function widgetTelemetryQuery(config: WidgetConfig, now: Date = new Date()): TelemetryDataQuery {
  const to = now.getTime();
  const query: TelemetryDataQuery = {
    aggregate_func: config.aggregate_func,
    from_date: new Date(to - WIDGET_TIME_RANGE_MS[config.time_range]).toISOString(),
    to_date: new Date(to).toISOString(),
    group_interval: config.group_interval,
    group_interval_type: config.group_interval_type,
    type: config.last === null ? 'aggregate' : 'raw',
  };
  if (config.last !== null) query.last = config.last;
  return query;
}

/** One point of widget data, as the telemetry API answers it. */
export const widgetPointSchema = z.object({ ts: z.string(), value: z.number() });
/** The data a renderer draws: one entry per bound series, matched by key. */
export const widgetDataSchema = z.object({
  series: z.array(z.object({ key: z.string(), points: z.array(widgetPointSchema) })),
});
export type WidgetData = z.infer<typeof widgetDataSchema>;
