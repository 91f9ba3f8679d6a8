import type { HierarchyNode } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { boundsOf, gridAround, locatedNodes, niceStep, pointsOf } from './geojson';
import { entityLayers, offlineStyle } from './mapStyle';

const node = (
  id: string,
  kind: 'asset' | 'sensor',
  latitude: number | null,
  longitude: number | null,
): HierarchyNode => ({
  id,
  kind,
  name: `N ${id}`,
  parent_id: null,
  type_name: kind === 'asset' ? 'Site' : 'Thermo',
  depth: 0,
  child_count: 0,
  latitude,
  longitude,
});

const NODES = [
  node('a', 'asset', 52.5, 13.4),
  node('b', 'asset', null, null),
  node('s', 'sensor', 48.1, 11.6),
  node('t', 'sensor', 52.6, null),
];

describe('map data', () => {
  it('keeps only nodes with both coordinates', () => {
    expect(locatedNodes(NODES).map((n) => n.id)).toEqual(['a', 's']);
  });

  it('makes one point per located node, lng before lat, carrying its kind', () => {
    const features = pointsOf(locatedNodes(NODES)).features;
    expect(features[0]).toEqual({
      type: 'Feature',
      id: 0,
      geometry: { type: 'Point', coordinates: [13.4, 52.5] },
      properties: { id: 'a', name: 'N a', kind: 'asset', type_name: 'Site' },
    });
    expect(features.map((f) => f.properties.kind)).toEqual(['asset', 'sensor']);
  });

  it('bounds the points, and has no bounds without any', () => {
    expect(boundsOf(locatedNodes(NODES))).toEqual([
      [11.6, 48.1],
      [13.4, 52.5],
    ]);
    expect(boundsOf([])).toBeNull();
  });

  it('draws offline: a background only, nothing to fetch', () => {
    const style = offlineStyle('dark');
    expect(style.sources).toEqual({});
    expect(style.layers.map((l) => l.type)).toEqual(['background']);
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });

  it('draws clusters with a circle and a count layer, and each kind’s points in its own colour', () => {
    const layers = entityLayers();
    expect(layers.map((l) => [l.id, l.type])).toEqual([
      ['entity-clusters', 'circle'],
      ['entity-cluster-count', 'symbol'],
      ['asset-points', 'circle'],
      ['sensor-points', 'circle'],
    ]);
    const colors = layers.slice(2).map((l) => (l.paint as Record<string, unknown>)['circle-color']);
    expect(new Set(colors).size).toBe(2);
  });

  it('picks round grid steps and draws a grid that reaches beyond the points', () => {
    expect([niceStep(0.0013), niceStep(0.03), niceStep(0.4), niceStep(8)]).toEqual([0.001, 0.02, 0.5, 10]);
    const grid = gridAround([
      [11.57, 48.11],
      [11.59, 48.14],
    ]);
    const meridians = grid.features.filter(
      (f) => f.geometry.coordinates[0]?.[0] === f.geometry.coordinates[1]?.[0],
    );
    expect(meridians.length).toBeGreaterThan(20);
    expect(grid.features.length).toBeLessThan(200);
    const xs = meridians.map((f) => f.geometry.coordinates[0]?.[0] ?? 0);
    expect(Math.min(...xs)).toBeLessThan(11.57 - 0.05);
    expect(Math.max(...xs)).toBeGreaterThan(11.59 + 0.05);
  });
});
