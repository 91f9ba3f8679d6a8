/** The map's data: located hierarchy nodes as one GeoJSON collection per kind, and their bounds. */
import type { EntityKind, HierarchyNode } from '@ferrite/contracts';

/** A node that has a place on the map. */
export type LocatedNode = HierarchyNode & { latitude: number; longitude: number };

/** What a map feature carries, for the popup and the "open" button. */
export interface PointProperties {
  id: string;
  name: string;
  kind: EntityKind;
  type_name: string;
}

export interface PointCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: PointProperties;
  }[];
}

/** The nodes with both coordinates. */
export function locatedNodes(nodes: readonly HierarchyNode[]): LocatedNode[] {
  return nodes.filter((node): node is LocatedNode => node.latitude !== null && node.longitude !== null);
}

/** The points as a FeatureCollection (numeric feature ids, as MapLibre's feature state wants). */
export function pointsOf(nodes: readonly LocatedNode[]): PointCollection {
  return {
    type: 'FeatureCollection',
    features: nodes.map((node, i) => ({
      type: 'Feature',
      id: i,
      geometry: { type: 'Point', coordinates: [node.longitude, node.latitude] },
      properties: { id: node.id, name: node.name, kind: node.kind, type_name: node.type_name },
    })),
  };
}

/** [[west, south], [east, north]] around the nodes, or null when there are none. */
export function boundsOf(nodes: readonly LocatedNode[]): [[number, number], [number, number]] | null {
  if (nodes.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const node of nodes) {
    west = Math.min(west, node.longitude);
    east = Math.max(east, node.longitude);
    south = Math.min(south, node.latitude);
    north = Math.max(north, node.latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** A round step (1, 2 or 5 × 10^k degrees) close to `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10) * power;
}

export interface GridCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: Record<string, never>;
    geometry: { type: 'LineString'; coordinates: [number, number][] };
  }[];
}

/**
 * Meridians and parallels around the points, about six steps across them and reaching well beyond,
 * so the offline map has a sense of scale and direction without any tiles.
 */
export function gridAround(bounds: [[number, number], [number, number]]): GridCollection {
  const [[west, south], [east, north]] = bounds;
  const span = Math.max(east - west, north - south, 0.002);
  const step = niceStep(span / 6);
  const reach = span * 4;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const x0 = clamp(Math.floor((west - reach) / step) * step, 180);
  const x1 = clamp(Math.ceil((east + reach) / step) * step, 180);
  const y0 = clamp(Math.floor((south - reach) / step) * step, 85);
  const y1 = clamp(Math.ceil((north + reach) / step) * step, 85);
  const features: GridCollection['features'] = [];
  const line = (coordinates: [number, number][]) =>
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  // Rounded to the step's precision so floating error does not draw two lines a hair apart.
  const round = (value: number) => Number(value.toFixed(10));
  for (let x = x0; x <= x1 + step / 2; x += step)
    line([
      [round(x), y0],
      [round(x), y1],
    ]);
  for (let y = y0; y <= y1 + step / 2; y += step)
    line([
      [x0, round(y)],
      [x1, round(y)],
    ]);
  return { type: 'FeatureCollection', features };
}
