/** GET /brand: the white-label brand set for the host the request came to. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, requestBrand } from '../../platform/http/deps';

/** Registers the brand route. */
export const brandRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/brand', {
    config: { access: 'public' },
    schema: { tags: ['platform'], summary: 'The brand set of this host' },
    handler: (request) => requestBrand(request, deps.config),
  });
};
