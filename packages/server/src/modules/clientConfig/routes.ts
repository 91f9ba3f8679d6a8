/** GET /client-config: public settings for the web app (today the entity map's style URL). */
import { clientConfigSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/http/deps';

/** Registers the client configuration route. */
export const clientConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Public: a style URL is no secret (the browser fetches it anyway), and the map may render before
  // any other call is made. Computed once: configuration does not change while the process runs.
  const body = { map_style_url: deps.config.mapStyleUrl ?? null };
  app.get('/client-config', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Public web app settings: the entity map style URL (null = offline style)',
      response: { 200: clientConfigSchema },
    },
    handler: () => body,
  });
};
