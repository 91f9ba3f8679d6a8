/** GET /entity_mgmt/orgs/{orgId}/geocode: find a place for an entity's location (spec §2's places library, through the server). */
import { geocodeQuerySchema, geocodeResponseSchema, orgParamsSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/authContext';
import type { AppDeps } from '../../platform/http/deps';
import { problemResponses } from '../../platform/http/problemResponses';
import { PlaceRepository } from './repository';
import { PlaceSearch } from './service';

/** Registers the place search route. */
export const geocodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const search = new PlaceSearch(new PlaceRepository(deps.db), deps.config.geocoderUrl);
  // The browser asks this server, never the geocoder: the page's connect-src stays 'self'.
  // Under the organization's path like every Entity Manager call, so the caller's organization is
  // checked before the query is read.
  app.get('/entity_mgmt/orgs/:orgId/geocode', {
    config: { permission: 'entityManager.view' },
    schema: {
      tags: ['entityManager'],
      summary:
        'Places matching a name for an entity location: typed "lat, lon", the organization’s located entities, and GEOCODER_URL’s places when set',
      params: orgParamsSchema,
      querystring: geocodeQuerySchema,
      response: {
        200: geocodeResponseSchema,
        ...problemResponses(400, 401, 403, 404),
      },
    },
    handler: (request) => search.search(requireAuth(request).orgId, request.query.q, request.log),
  });
};
