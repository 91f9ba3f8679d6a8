/**
 * The place search of an entity's location: GET /api/entity_mgmt/orgs/{orgId}/geocode?q= (the server
 * asks any geocoder, not the browser).
 */
import type { GeocodeResponse } from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import { emBase, entityManagerApi } from './apiBase';

const placesApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    searchPlaces: build.query<GeocodeResponse, OrgArg & { q: string }>({
      query: ({ orgId, q }) => ({ url: `${emBase(orgId)}/geocode`, params: { q } }),
      // Places do not change while a form is open; a few minutes spare the geocoder repeated questions.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSearchPlacesQuery } = placesApi;
