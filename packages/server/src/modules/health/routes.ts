/**
 * GET /health (liveness) and GET /ready (readiness), for balancers, orchestrators and monitors.
 *
 * Liveness answers 200 while the process can answer at all: a database or broker outage is reported in
 * the body but is no reason to restart the process (a restart would not bring the database back).
 * Readiness answers 503 when this node should not be sent work: a dependency it needs is unreachable
 * (the database; the external MQTT broker with MQTT_URL; Redis with REDIS_URL), or it is draining
 * before it stops. Each dependency's state is in the body.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/deps';
import { HealthRepository } from './repository';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.string(), reachable: z.boolean() }),
});

const dependencySchema = z.object({ reachable: z.boolean(), problem: z.string().optional() });

const readySchema = z.object({
  ready: z.boolean(),
  draining: z.boolean(),
  dependencies: z.record(z.string(), dependencySchema),
});

/** A liveness check waits this long for the database before it reports it unreachable (and stays 200). */
const LIVENESS_PING_MS = 1_000;

/** Registers the health and readiness routes. */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const database = new HealthRepository(deps.db);

  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Liveness: the process answers (the database state is reported, not required)',
      response: { 200: healthSchema },
    },
    handler: async (request) => {
      const reachable = await withinMs(database.ping(), LIVENESS_PING_MS).then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'health: database unreachable');
          return false;
        },
      );
      return { status: reachable ? 'ok' : 'degraded', database: { engine: deps.engine, reachable } } as const;
    },
  });

  app.get('/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Readiness: whether to send this node work (503 while a dependency is down or it drains)',
      response: { 200: readySchema, 503: readySchema },
    },
    handler: async (_request, reply) => {
      const report = await deps.readiness.check({ database: () => database.ping().then(() => true) });
      return reply.status(report.ready ? 200 : 503).send(report);
    },
  });
};

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
