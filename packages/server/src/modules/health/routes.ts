/** GET /health: whether the process is up and the database answers. */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/deps';
import { HealthRepository } from './repository';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.string(), reachable: z.boolean() }),
});

/** Registers the health route. */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const database = new HealthRepository(deps.db);
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Liveness and database reachability',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (request, reply) => {
      const reachable = await database.ping().then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'health: database unreachable');
          return false;
        },
      );
      return reply
        .status(reachable ? 200 : 503)
        .send({ status: reachable ? 'ok' : 'degraded', database: { engine: deps.engine, reachable } });
    },
  });
};
