/**
 * A sensor's readings (/telemetry/orgs/{orgId}/sensors/{sensorId}): the latest values and one
 * parameter's series.
 */
import type { TelemetryDataResponse, TelemetryLatestResponse } from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import type { RangeQuery } from '../entities/sensorRanges';
import { entityManagerApi } from './apiBase';

/** /telemetry/orgs/{orgId}/sensors/{sensorId}{rest}. */
const telemetryUrl = (orgId: string, sensorId: string, rest: string) =>
  `/telemetry/orgs/${orgId}/sensors/${sensorId}${rest}`;

const telemetryApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    getSensorLatest: build.query<TelemetryLatestResponse, OrgArg & { sensorId: string }>({
      query: ({ orgId, sensorId }) => telemetryUrl(orgId, sensorId, '/latest'),
    }),
    getSensorSeries: build.query<
      TelemetryDataResponse,
      OrgArg & { sensorId: string; paramKey: string; query: RangeQuery }
    >({
      query: ({ orgId, sensorId, paramKey, query }) => ({
        url: telemetryUrl(orgId, sensorId, `/parameters/${encodeURIComponent(paramKey)}/data`),
        params: query,
      }),
    }),
  }),
});

export const { useGetSensorLatestQuery, useGetSensorSeriesQuery } = telemetryApi;
