/** The place search behind an entity's location: typed coordinates, the organization's sites, the geocoder. */
import { GEOCODE_MAX_PLACES, type GeocodeResponse, type Place, parseCoordinates } from '@ferrite/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { searchPattern } from '../../platform/http/paging';
import { askGeocoder } from './geocoder';
import type { PlaceRepository } from './repository';

/** Finds places by name for one organization. */
export class PlaceSearch {
  constructor(
    private readonly repo: PlaceRepository,
    private readonly geocoderUrl: string | undefined,
  ) {}

  /**
   * Coordinates typed as "lat, lon" first, then the organization's own located entities (never
   * another's), then the geocoder's places when GEOCODER_URL is set and answers in time.
   */
  async search(orgId: string, query: string, log: FastifyBaseLogger): Promise<GeocodeResponse> {
    const places: Place[] = [];
    const typed = parseCoordinates(query);
    if (typed)
      places.push({ name: `${typed.latitude}, ${typed.longitude}`, ...typed, source: 'coordinates' });
    const pattern = searchPattern(query) as string;
    for (const site of await this.repo.sitesMatching(orgId, pattern, GEOCODE_MAX_PLACES)) {
      places.push({ ...site, source: 'site' });
    }
    let reached: boolean | null = null;
    if (this.geocoderUrl && !typed) {
      try {
        places.push(...(await askGeocoder(this.geocoderUrl, query)));
        reached = true;
      } catch (error) {
        // The form still offers the local places; the log says why the service gave none.
        log.warn({ err: error }, 'geocoder did not answer');
        reached = false;
      }
    }
    return { places: places.slice(0, GEOCODE_MAX_PLACES), geocoder_reached: reached };
  }
}
