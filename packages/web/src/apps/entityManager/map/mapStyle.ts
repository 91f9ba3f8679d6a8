/**
 * The entity map's look: the offline style (one background layer: the machine may have no internet,
 * so nothing is fetched) and the cluster, count and point layers added on top of any style.
 */
import type { EntityKind } from '@ferrite/contracts';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** Assets teal, sensors orange: the same accents as the tree's icons. */
export const KIND_COLORS: Record<EntityKind, string> = { asset: '#12b886', sensor: '#fd7e14' };

/** The background of the offline style per colour scheme. */
export const BACKGROUND = { light: '#e9eef3', dark: '#1f2227' } as const;
/** The offline grid's lines per colour scheme: just visible over the background. */
export const GRID_COLOR = { light: '#d3dbe3', dark: '#2c3036' } as const;
/** The offline grid's source and layer. */
export const GRID_ID = 'offline-grid';

/** The grid layer (offline style only), under everything else. */
export function gridLayer(scheme: 'light' | 'dark'): LayerSpecification {
  return {
    id: GRID_ID,
    type: 'line',
    source: GRID_ID,
    paint: { 'line-color': GRID_COLOR[scheme], 'line-width': 1 },
  };
}

/** A style with a plain background and no sources: renders with no network at all. */
export function offlineStyle(scheme: 'light' | 'dark'): StyleSpecification {
  return {
    version: 8,
    name: 'Ferrite offline',
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND[scheme] } }],
  };
}

/** The one clustered source: clusters mix kinds, so one source keeps them from piling on each other. */
export const SOURCE_ID = 'entities';

/** Layer ids: clusters, their counts, and each kind's single points. */
export const LAYERS = {
  clusters: 'entity-clusters',
  counts: 'entity-cluster-count',
  points: { asset: 'asset-points', sensor: 'sensor-points' } as Record<EntityKind, string>,
} as const;

/** How many assets a cluster holds (sensors are point_count minus that), summed as clusters merge. */
export const CLUSTER_PROPERTIES = {
  assets: ['+', ['case', ['==', ['get', 'kind'], 'asset'], 1, 0]],
} as const;

const ASSET_SHARE: ExpressionSpecification = ['/', ['get', 'assets'], ['get', 'point_count']];

/** The cluster, count and point layers over the source. */
export function entityLayers(): LayerSpecification[] {
  const majority: ExpressionSpecification = [
    'case',
    ['>=', ASSET_SHARE, 0.5],
    KIND_COLORS.asset,
    KIND_COLORS.sensor,
  ];
  const minority: ExpressionSpecification = [
    'case',
    ['>=', ASSET_SHARE, 0.5],
    KIND_COLORS.sensor,
    KIND_COLORS.asset,
  ];
  const mixed: ExpressionSpecification = [
    'all',
    ['>', ['get', 'assets'], 0],
    ['<', ['get', 'assets'], ['get', 'point_count']],
  ];
  return [
    {
      id: LAYERS.clusters,
      type: 'circle',
      source: SOURCE_ID,
      filter: ['has', 'point_count'],
      paint: {
        // The fill is the kind most of the cluster is; a ring of the other colour says it holds both.
        'circle-color': majority,
        'circle-opacity': 0.9,
        'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 50, 24, 250, 30],
        'circle-stroke-width': ['case', mixed, 3.5, 3],
        'circle-stroke-color': ['case', mixed, minority, majority],
        'circle-stroke-opacity': ['case', mixed, 1, 0.3],
      },
    },
    {
      id: LAYERS.counts,
      type: 'symbol',
      source: SOURCE_ID,
      filter: ['has', 'point_count'],
      // No glyphs URL in the offline style: MapLibre draws the digits locally (TinySDF).
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-size': 12,
        'text-allow-overlap': true,
      },
      paint: { 'text-color': '#ffffff' },
    },
    ...(['asset', 'sensor'] as const).map(
      (kind): LayerSpecification => ({
        id: LAYERS.points[kind],
        type: 'circle',
        source: SOURCE_ID,
        filter: ['all', ['!', ['has', 'point_count']], ['==', ['get', 'kind'], kind]],
        paint: {
          'circle-color': KIND_COLORS[kind],
          'circle-radius': kind === 'asset' ? 8 : 6.5,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      }),
    ),
  ];
}
