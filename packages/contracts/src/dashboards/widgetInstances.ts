/**
 * Widget instances (spec §3 "Widget instance"): a catalogue variant placed in a panel, bound to sensor
 * parameters, with its config and the telemetry query it reads by default. GET of an instance answers
 * its data through the telemetry query (spec §3 read query).
 */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { TELEMETRY_AGGREGATE_FUNCS, TELEMETRY_INTERVAL_TYPES, TELEMETRY_MAX_POINTS } from '../telemetry';
import type { WidgetConfig, WidgetConfigInput } from '../widgets/config';
import { layoutItemSchema, layoutPlacementSchema } from './layout';

/** Widget variant ids of the catalogue (`${kind}.${preset}`): lowercase words joined by - . or _. */
export const widgetVariantIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'widgetId must be a widget id of the catalogue' });

/** A sensor parameter a widget reads: the config's series that name a sensor and a parameter. */
export const widgetBindingSchema = z.object({ sensor_id: z.string().uuid(), param_key: z.string() });
export type WidgetBinding = z.infer<typeof widgetBindingSchema>;

/** What a widget reads when the request names nothing, taken from its config. */
export const widgetQueryDefaultsSchema = z.object({
  aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS),
  group_interval: z.number().int(),
  group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES),
  type: z.enum(['raw', 'aggregate']),
  /** The window ending now (the config's time_range). */
  range_seconds: z.number().int(),
  /** The N newest raw points instead of a window. */
  last: z.number().int().nullable(),
});
export type WidgetQueryDefaults = z.infer<typeof widgetQueryDefaultsSchema>;

/**
 * A complete widget config as answers carry it. Checked with the catalogue's widgetConfigSchema on the
 * way in; on the way out it is a JSON object typed as WidgetConfig, because that schema has transforms
 * the response encoder cannot run backwards.
 */
export const widgetConfigOutSchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<WidgetConfig>;

/** A widget instance as the API answers it. */
export const widgetInstanceSchema = z.object({
  id: z.string().uuid(),
  dashboard_id: z.string().uuid(),
  panel_id: z.string().uuid(),
  subpanel_id: z.string().uuid().nullable(),
  /** The catalogue variant (GET /dash_mgmt/widgets/{id}). */
  widget_id: z.string(),
  /** The config's title, or the variant's name when it has none. */
  title: z.string(),
  /** The variant's defaults under the instance's own settings, complete. */
  config: widgetConfigOutSchema,
  /** Read-only: the sensor parameters of the config's series, in series order. */
  bindings: z.array(widgetBindingSchema),
  /** Read-only: the query the config implies. */
  query: widgetQueryDefaultsSchema,
  layout: layoutItemSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WidgetInstance = z.infer<typeof widgetInstanceSchema>;

/**
 * Create and replace body; the variant is the path's {widgetId} (a PUT may switch it). `config` holds
 * the instance's own settings over the variant's defaults: its series name the sensor parameters read
 * (each a sensor of the organization with that parameter), its query fields the default read query.
 */
export const widgetInstanceBodySchema = z
  .object({
    subpanel_id: z.string().uuid().nullable().default(null),
    config: z.record(z.string(), z.unknown()).default({}),
    layout: layoutPlacementSchema.optional(),
  })
  .strict();
export type WidgetInstanceBody = z.input<typeof widgetInstanceBodySchema> & { config?: WidgetConfigInput };

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` });

/**
 * GET of an instance: the spec §3 read query. Anything left out comes from the instance's query
 * defaults; from_date and to_date default to the last `range_seconds` up to now.
 */
export const widgetDataQuerySchema = z
  .object({
    aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS).optional(),
    from_date: instant('from_date').optional(),
    to_date: instant('to_date').optional(),
    group_interval: z.coerce.number().int().min(1).max(1_000_000).optional(),
    group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES).optional(),
    type: z.enum(['raw', 'aggregate']).optional(),
    last: z.coerce.number().int().min(1).max(TELEMETRY_MAX_POINTS).optional(),
  })
  .refine((q) => !q.from_date || !q.to_date || Date.parse(q.from_date) < Date.parse(q.to_date), {
    path: ['to_date'],
    error: 'to_date must be after from_date',
  });
export type WidgetDataQuery = z.infer<typeof widgetDataQuerySchema>;

/** The query as it was answered, every field resolved. */
export const widgetEffectiveQuerySchema = z.object({
  aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS),
  from_date: z.string(),
  to_date: z.string(),
  group_interval: z.number().int(),
  group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES),
  type: z.enum(['raw', 'aggregate']),
  last: z.number().int().nullable(),
});

/** One binding's answer, in the order of the bindings; `key` matches the config series' key. */
export const widgetSeriesDataSchema = z.object({
  key: z.string(),
  sensor_id: z.string().uuid(),
  param_key: z.string(),
  sensor_name: z.string().nullable(),
  unit: z.string().nullable(),
  points: z.array(z.object({ ts: z.string(), value: z.number() })),
});
export type WidgetSeriesData = z.infer<typeof widgetSeriesDataSchema>;

/** GET of an instance: the instance, the query as answered and a series per binding. */
export const widgetInstanceDataResponseSchema = z.object({
  widget_instance: widgetInstanceSchema,
  query: widgetEffectiveQuerySchema,
  series: z.array(widgetSeriesDataSchema),
});
export type WidgetInstanceDataResponse = z.infer<typeof widgetInstanceDataResponseSchema>;

/** The most widget reads one batch may ask for (a panel's widgets, read when a dashboard opens). */
export const WIDGET_DATA_BATCH_MAX = 100;

/** POST …/panels/{panelId}/widget_data: several widgets of the panel read at once, each with its query. */
export const widgetDataBatchBodySchema = z.object({
  reads: z
    .array(z.object({ id: z.string().uuid(), query: widgetDataQuerySchema.default({}) }))
    .min(1, { error: 'Name at least one widget to read' })
    .max(WIDGET_DATA_BATCH_MAX, { error: `At most ${WIDGET_DATA_BATCH_MAX} widgets a request` }),
});
export type WidgetDataBatchBody = z.input<typeof widgetDataBatchBodySchema>;

/** Why one read of a batch failed: the problem a single GET would have answered. */
export const widgetReadProblemSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
});

/** One read's answer, in the order asked: its data, or its own problem (the others still answer). */
export const widgetDataBatchResultSchema = z.union([
  z.object({ id: z.string().uuid(), data: widgetInstanceDataResponseSchema }),
  z.object({ id: z.string().uuid(), error: widgetReadProblemSchema }),
]);
export type WidgetDataBatchResult = z.infer<typeof widgetDataBatchResultSchema>;

export const widgetDataBatchResponseSchema = z.object({ results: z.array(widgetDataBatchResultSchema) });
export type WidgetDataBatchResponse = z.infer<typeof widgetDataBatchResponseSchema>;

/** A panel's instances of one variant. */
export const widgetInstanceListResponseSchema = z.object({ widget_instances: z.array(widgetInstanceSchema) });

/** {orgId}, {panelId}, {widgetId} (the variant) of widget instance routes. */
export const widgetInstanceCollectionParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  panelId: uuidParam('panelId'),
  widgetId: widgetVariantIdSchema,
});
/** {orgId}, {panelId}, {widgetId}, {id} of one widget instance. */
export const widgetInstanceParamsSchema = widgetInstanceCollectionParamsSchema.extend({
  id: uuidParam('id'),
});
/** {orgId}, {panelId} of a panel's batch widget read. */
export const widgetDataBatchParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  panelId: uuidParam('panelId'),
});
