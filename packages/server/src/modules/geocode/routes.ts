/** GET /geocode: find a place for an entity's location (spec §2's places library, through the server). */
import { geocodeQuerySchema, geocodeResponseSchema, problemSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/authContext';
import type { AppDeps } from '../../platform/http/deps';
import { PlaceRepository } from './repository';
import { PlaceSearch } from './service';

/** Registers the place search route. */
export const geocodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const search = new PlaceSearch(new PlaceRepository(deps.db), deps.config.geocoderUrl);
  // The browser asks this server, never the geocoder: the page's connect-src stays 'self'.
  app.get('/geocode', {
    config: { permission: 'entityManager.view' },
    schema: {
      tags: ['entityManager'],
      summary:
        'Places matching a name for an entity location: typed "lat, lon", the organization’s located entities, and GEOCODER_URL’s places when set',
      querystring: geocodeQuerySchema,
      response: { 200: geocodeResponseSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
    },
    handler: (request) => search.search(requireAuth(request).orgId, request.query.q, request.log),
  });
};
