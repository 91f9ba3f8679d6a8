/**
 * The configured place search (GEOCODER_URL, Nominatim's /search or one that answers like it), asked
 * with a time limit and read with a size limit, so a slow or chatty service costs a form little.
 */
import { GEOCODE_MAX_PLACES, type Place } from '@ferrite/contracts';
import { z } from 'zod';

/** How long the form waits for the geocoder before answering with local places only. */
export const GEOCODER_TIMEOUT_MS = 3000;
/** Bytes of the geocoder's answer read at most; a longer one is not a place list. */
export const GEOCODER_MAX_BYTES = 256 * 1024;

const nominatimPlace = z.object({
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/** The search URL for a query: GEOCODER_URL's /search (added when the URL names only the service). */
export function searchUrl(base: string, query: string, limit: number): URL {
  const url = new URL(base);
  if (!url.pathname.endsWith('/search')) url.pathname = `${url.pathname.replace(/\/$/, '')}/search`;
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(limit));
  return url;
}

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > GEOCODER_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`geocoder answer larger than ${GEOCODER_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Places the geocoder finds for the query; throws when it does not answer well in time. */
export async function askGeocoder(base: string, query: string, signal?: AbortSignal): Promise<Place[]> {
  const timeout = AbortSignal.timeout(GEOCODER_TIMEOUT_MS);
  const response = await fetch(searchUrl(base, query, GEOCODE_MAX_PLACES), {
    headers: { accept: 'application/json', 'user-agent': 'Ferrite (entity location search)' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const body: unknown = JSON.parse(await readBounded(response));
  if (!Array.isArray(body)) throw new Error('geocoder answer is not a list');
  const places: Place[] = [];
  for (const item of body) {
    const parsed = nominatimPlace.safeParse(item);
    if (!parsed.success) continue;
    places.push({
      // Names are shown in a one-line list: no control characters, not endless.
      name: parsed.data.display_name
        .replace(/\p{Cc}/gu, ' ')
        .trim()
        .slice(0, 200),
      latitude: parsed.data.lat,
      longitude: parsed.data.lon,
      source: 'geocoder',
    });
    if (places.length === GEOCODE_MAX_PLACES) break;
  }
  return places;
}
