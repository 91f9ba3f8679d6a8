/** The place search of an entity's location: GET /api/geocode?q= (the server asks any geocoder, not the browser). */
import type { GeocodeResponse } from '@ferrite/contracts';
import { entityManagerApi } from '../apiBase';

const placeApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    searchPlaces: build.query<GeocodeResponse, string>({
      query: (q) => ({ url: '/geocode', params: { q } }),
      // Places do not change while a form is open; a few minutes spare the geocoder repeated questions.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSearchPlacesQuery } = placeApi;
