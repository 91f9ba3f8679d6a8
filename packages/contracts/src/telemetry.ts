/** Telemetry reads for widgets and reports: one sensor parameter's series, a sensor's latest values. */
import { z } from 'zod';
import { uuidParam } from './lists';
import { textSchema } from './text';

export const TELEMETRY_AGGREGATE_FUNCS = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
export const TELEMETRY_INTERVAL_TYPES = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const;
/** The most points one answer carries (and the most buckets a query may ask for). */
export const TELEMETRY_MAX_POINTS = 10_000;

export const telemetrySensorParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  sensorId: uuidParam('sensorId'),
});

export const telemetrySeriesParamsSchema = telemetrySensorParamsSchema.extend({
  paramKey: textSchema('paramKey', { max: 120, trim: false }).min(1),
});

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time` });

/**
 * from_date (inclusive) and to_date (exclusive) default to the last 24 hours. `last` answers the N
 * newest raw points and ignores everything else; type=raw answers the window's points unaggregated.
 */
export const telemetryDataQuerySchema = z
  .object({
    aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS).default('avg'),
    from_date: instant('from_date').optional(),
    to_date: instant('to_date').optional(),
    group_interval: z.coerce.number().int().min(1).max(1_000_000).default(1),
    group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES).default('hour'),
    type: z.enum(['raw', 'aggregate']).default('aggregate'),
    last: z.coerce.number().int().min(1).max(TELEMETRY_MAX_POINTS).optional(),
  })
  .refine((q) => !q.from_date || !q.to_date || Date.parse(q.from_date) < Date.parse(q.to_date), {
    path: ['to_date'],
    error: 'to_date must be after from_date',
  });
export type TelemetryDataQuery = z.infer<typeof telemetryDataQuerySchema>;

export const telemetryPointSchema = z.object({ ts: z.string(), value: z.number() });

export const telemetryDataResponseSchema = z.object({
  sensor_id: z.string(),
  param_key: z.string(),
  aggregate_func: z.enum(TELEMETRY_AGGREGATE_FUNCS),
  group_interval: z.number().int(),
  group_interval_type: z.enum(TELEMETRY_INTERVAL_TYPES),
  points: z.array(telemetryPointSchema),
});
export type TelemetryDataResponse = z.infer<typeof telemetryDataResponseSchema>;

export const telemetryLatestResponseSchema = z.object({
  values: z.array(z.object({ param_key: z.string(), ts: z.string(), value: z.number() })),
});
export type TelemetryLatestResponse = z.infer<typeof telemetryLatestResponseSchema>;
