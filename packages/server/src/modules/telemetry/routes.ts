/**
 * Telemetry reads: one sensor parameter's series (aggregated, raw, or the last N points) and a
 * sensor's latest value per parameter. Reading needs Entity Manager view rights on the sensor's org.
 */
import {
  TELEMETRY_MAX_POINTS,
  telemetryDataQuerySchema,
  telemetryDataResponseSchema,
  telemetryLatestResponseSchema,
  telemetrySensorParamsSchema,
  telemetrySeriesParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/authContext';
import type { AppDeps } from '../../platform/http/deps';
import { problems } from '../../platform/http/problem';
import { problemResponses } from '../../platform/http/problemResponses';
import { isoOfTime } from '../../platform/isoTime';
import { bucketCount, presentPoints, queryTelemetry } from '../../telemetry/query';
import { isSensorOfOrg, sensorLatestValues } from '../../telemetry/repository';

const tags = ['telemetry'];
const errors = problemResponses(400, 401, 403, 404);
const PREFIX = '/telemetry/orgs/:orgId/sensors/:sensorId';
const DAY_MS = 86_400_000;

/** Registers GET …/parameters/{paramKey}/data and GET …/latest under /telemetry/orgs/{orgId}/sensors/{sensorId}. */
export const telemetryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const requireSensor = async (orgId: string, sensorId: string) => {
    if (!(await isSensorOfOrg(deps.db, orgId, sensorId))) throw problems.notFound('Sensor');
  };

  app.get(`${PREFIX}/parameters/:paramKey/data`, {
    config: { permission: 'entityManager.view' },
    schema: {
      tags,
      summary: "A sensor parameter's time series: aggregated buckets, raw points, or the last N points",
      params: telemetrySeriesParamsSchema,
      querystring: telemetryDataQuerySchema,
      response: { 200: telemetryDataResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { sensorId, paramKey } = request.params;
      const q = request.query;
      const to = q.to_date ? new Date(q.to_date) : new Date();
      const from = q.from_date ? new Date(q.from_date) : new Date(to.getTime() - DAY_MS);
      if (from >= to)
        throw problems.badRequest('The window is empty', [
          {
            path: q.to_date ? 'query.from_date' : 'query.to_date',
            message: 'from_date must be before to_date',
          },
        ]);
      if (
        q.last === undefined &&
        q.type === 'aggregate' &&
        bucketCount(from, to, q.group_interval_type, q.group_interval) > TELEMETRY_MAX_POINTS
      )
        throw problems.badRequest('Too many buckets', [
          {
            path: 'query.group_interval',
            message: `The window holds more than ${TELEMETRY_MAX_POINTS} buckets; widen the interval`,
          },
        ]);
      // The sensor is checked beside the read (the read is scoped to the organization): one round trip.
      const [, { points }] = await Promise.all([
        requireSensor(auth.orgId, sensorId),
        queryTelemetry(
          deps.db,
          auth.orgId,
          { sensorId, paramKey },
          {
            aggregateFunc: q.aggregate_func,
            from,
            to,
            groupInterval: q.group_interval,
            groupIntervalType: q.group_interval_type,
            type: q.type,
            ...(q.last === undefined ? {} : { last: q.last }),
          },
        ),
      ]);
      return {
        sensor_id: sensorId,
        param_key: paramKey,
        aggregate_func: q.aggregate_func,
        group_interval: q.group_interval,
        group_interval_type: q.group_interval_type,
        points: presentPoints(points),
      };
    },
  });

  app.get(`${PREFIX}/latest`, {
    config: { permission: 'entityManager.view' },
    schema: {
      tags,
      summary: "A sensor's newest value of every parameter",
      params: telemetrySensorParamsSchema,
      response: { 200: telemetryLatestResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { sensorId } = request.params;
      const values = await sensorLatestValues(deps.db, auth.orgId, sensorId);
      if (!values) throw problems.notFound('Sensor');
      return { values: values.map((v) => ({ ...v, ts: isoOfTime(v.ts) })) };
    },
  });
};
