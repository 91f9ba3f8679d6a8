/**
 * Telemetry reads (series, latest values), live values to sensor rooms (a subscriber to stored
 * telemetry), hourly retention (then, on PGlite, planner statistics: PGlite analyzes no table by
 * itself; PostgreSQL's autovacuum does).
 */
import { refreshStatistics } from '../../platform/db/statistics';
import { defineModule } from '../../platform/module';
import { RETENTION_JOB, retentionJob } from '../../telemetry/retention';
import { RedisLiveClaims } from './liveClaims';
import { LiveValues } from './liveValues';
import { telemetryRoutes } from './routes';

export const telemetryModule = defineModule({
  key: 'telemetry',
  routes: telemetryRoutes,
  onTelemetry: (deps) =>
    new LiveValues(
      deps.realtime,
      deps.config.liveValuesMs,
      // Several nodes: one announcement per sensor and interval across them (REDIS_URL).
      deps.redis ? new RedisLiveClaims(deps.redis, deps.config.liveValuesMs) : null,
      (error) =>
        deps.log.warn({ err: error }, 'Live values: Redis unreachable; announcing this node’s values alone'),
    ),
  jobs: (deps) => [
    retentionJob(
      deps,
      deps.engine === 'pglite' ? () => refreshStatistics(deps.db).then(() => undefined) : undefined,
    ),
  ],
  // PGlite is one node: its tables are analyzed (and old telemetry deleted) soon after a start, not
  // only at the next hour's tick.
  start: async (deps) => {
    if (deps.engine === 'pglite') await deps.jobs.send(RETENTION_JOB, {});
    return undefined;
  },
});
