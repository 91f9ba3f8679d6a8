/** GET /api/entity_mgmt/orgs/{orgId}/geocode?q=: find a place by name for an entity's location (spec §2's places library). */
import { z } from 'zod';
import { textSchema } from './text';

/** At most this many places come back, whatever the geocoder offers. */
export const GEOCODE_MAX_PLACES = 8;

export const geocodeQuerySchema = z.object({
  q: textSchema('Place', { max: 200 }).refine((value) => value.trim().length >= 2, {
    error: 'Type at least 2 characters of a place, or coordinates as "lat, lon"',
  }),
});

/** Where a place came from: typed coordinates, an entity of the organization, or the geocoder. */
export const PLACE_SOURCES = ['coordinates', 'site', 'geocoder'] as const;

export const placeSchema = z.object({
  name: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  source: z.enum(PLACE_SOURCES),
});
export type Place = z.infer<typeof placeSchema>;

export const geocodeResponseSchema = z.object({
  places: z.array(placeSchema),
  /** False when GEOCODER_URL is set but did not answer in time or well: only local places are listed. */
  geocoder_reached: z.boolean().nullable(),
});
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

const COORDINATES = /^\s*([+-]?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

/** Reads "lat, lon" (comma, semicolon or space between) into a place; null when it is not that or out of range. */
export function parseCoordinates(text: string): { latitude: number; longitude: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
