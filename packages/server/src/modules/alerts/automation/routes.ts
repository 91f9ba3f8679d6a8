/** `GET /alert/orgs/{orgId}/webhook_key`: the key a webhook receiver checks signatures with (rule managers only). */
import { orgParamsSchema, webhookKeyResponseSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { webhookSigningKey } from './signing';

/** Registers the webhook key route. */
export const automationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/alert/orgs/:orgId/webhook_key', {
    config: { permission: 'alerts.manageRules' },
    schema: {
      tags: ['alerts'],
      summary: "The organization's webhook signing key (X-Ferrite-Signature: sha256=HMAC of the body)",
      params: orgParamsSchema,
      response: { 200: webhookKeyResponseSchema, ...problemResponses(401, 403) },
    },
    handler: async (request, reply) => {
      // A secret: never kept by a cache between the browser and the server.
      reply.header('cache-control', 'no-store');
      return {
        key: await webhookSigningKey(deps, request.params.orgId),
        header: 'X-Ferrite-Signature' as const,
        algorithm: 'HMAC-SHA256' as const,
      };
    },
  });
};
