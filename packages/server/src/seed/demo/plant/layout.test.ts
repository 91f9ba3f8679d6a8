/**
 * The demo plant as the Entity Map shows it: each hall spreads over a site's footprint, so the markers
 * that cluster when the map frames a hall split apart as one zooms in; a sensor sits a few metres from
 * the asset it measures; no two entities share a spot and the halls do not overlap.
 */
import { describe, expect, it } from 'vitest';
import { siteLocation } from '../entityManager';
import { DEMO_PLANTS } from './index';
import type { EntitySpec, ProjectPlant } from './types';

type Spot = {
  kind: EntitySpec['kind'];
  name: string;
  at: readonly [number, number];
  asset: { name: string; at: readonly [number, number] } | null;
};

/** Every entity of a tree with the asset that holds it. */
function spotsOf(tree: readonly EntitySpec[], asset: Spot['asset'] = null): Spot[] {
  return tree.flatMap((spec) => [
    { kind: spec.kind, name: spec.name, at: spec.at, asset },
    ...(spec.kind === 'asset' ? spotsOf(spec.children ?? [], { name: spec.name, at: spec.at }) : []),
  ]);
}

const metres = (a: readonly [number, number], b: readonly [number, number]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The hall's corners on the map, south-west and north-east. */
function bounds(plant: ProjectPlant) {
  const points = spotsOf(plant.tree).map((spot) => siteLocation(plant.origin, spot.at));
  return {
    south: Math.min(...points.map((p) => p.latitude)),
    north: Math.max(...points.map((p) => p.latitude)),
    west: Math.min(...points.map((p) => p.longitude)),
    east: Math.max(...points.map((p) => p.longitude)),
  };
}

describe('the demo plant on the map', () => {
  it.each(DEMO_PLANTS.map((plant) => [plant.project, plant] as const))(
    '%s spreads over 100–300 m, wider than a cluster at site zoom (~70 m), with every entity on its own spot',
    (_, plant) => {
      const spots = spotsOf(plant.tree);
      const widest = Math.max(...spots.flatMap((a) => spots.map((b) => metres(a.at, b.at))));
      expect(widest).toBeGreaterThanOrEqual(100);
      expect(widest).toBeLessThanOrEqual(300);
      for (const [i, a] of spots.entries())
        for (const b of spots.slice(i + 1))
          expect(metres(a.at, b.at), `${a.name} and ${b.name}`).toBeGreaterThanOrEqual(3);
    },
  );

  it('places each sensor a few metres from the asset it measures', () => {
    const sensors = DEMO_PLANTS.flatMap((plant) =>
      spotsOf(plant.tree).filter(
        (spot, _, all) => spot.asset && !all.some((s) => s.asset?.name === spot.name),
      ),
    );
    expect(sensors.length).toBeGreaterThan(20);
    for (const sensor of sensors) {
      const distance = metres(sensor.at, sensor.asset?.at ?? sensor.at);
      expect(distance, sensor.name).toBeGreaterThanOrEqual(3);
      expect(distance, sensor.name).toBeLessThanOrEqual(12);
    }
  });

  it('keeps the halls apart on the Trafford Park site', () => {
    const boxes = DEMO_PLANTS.map(bounds);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart = a.east < b.west || b.east < a.west || a.north < b.south || b.north < a.south;
        expect(apart).toBe(true);
      }
    for (const box of boxes) {
      expect(box.south).toBeGreaterThan(53.46);
      expect(box.north).toBeLessThan(53.47);
      expect(box.west).toBeGreaterThan(-2.325);
      expect(box.east).toBeLessThan(-2.31);
    }
  });
});
