/** POST /reports/verify-token: whether a shared-report link token is still good (spec §7). */
import { verifyReportTokenResponseSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/deps';

/** Registers the shared-report token check; report links are signed JWTs of purpose report-share. */
export const reportTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post('/reports/verify-token', {
    config: { access: 'public' },
    schema: {
      tags: ['reports'],
      summary: 'Check a shared-report token (header `token`)',
      headers: z.object({ token: z.string().optional() }),
      response: { 200: verifyReportTokenResponseSchema },
    },
    handler: async (request) => {
      const token = request.headers.token;
      const claims = token ? await deps.jwt.verify(token, 'report-share') : null;
      return { is_valid: Boolean(claims) };
    },
  });
};
