/**
 * A first `npm start` killed while seeding the demo: the next start completes it, with nothing twice,
 * instead of taking the partial demo as done.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../platform/db/database';
import { type PlatformHome, platformHome } from '../../testing/platformHome';
import { dashboardsSeeder } from './dashboards';
import { DEMO_SEEDERS } from './index';
import { sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';
import type { EntitySpec } from './plant/types';
import { DEMO_PEOPLE, DEMO_SIGN_UP } from './roleManager';
import { DEMO_DERIVED_WIDGETS } from './streamLogic';

let home: PlatformHome;

beforeAll(async () => {
  home = await platformHome('demo-retry');
});

afterAll(async () => {
  await home?.remove();
});

const start = () => home.start();

const entityCount = (tree: readonly EntitySpec[]): number =>
  tree.reduce((sum, spec) => sum + 1 + (spec.kind === 'asset' ? entityCount(spec.children ?? []) : 0), 0);

/** How much of the demo there is, table by table. */
async function demoSize(db: Db) {
  const count = async (table: 'entities' | 'gateways' | 'dashboards' | 'dashboard_widgets' | 'firmware') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const people = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      [...DEMO_PEOPLE, DEMO_SIGN_UP].map((p) => p.email),
    )
    .execute();
  return {
    entities: await count('entities'),
    gateways: await count('gateways'),
    firmware: await count('firmware'),
    dashboards: await count('dashboards'),
    widgets: await count('dashboard_widgets'),
    people: people.length,
  };
}

const FULL_DEMO = {
  // The plant's entities, and Stream Logic's virtual sensor.
  entities: DEMO_PLANTS.reduce((sum, plant) => sum + entityCount(plant.tree), 0) + 1,
  gateways: DEMO_PLANTS.reduce((sum, plant) => sum + plant.gateways.length, 0),
  firmware: 1,
  dashboards: DEMO_PLANTS.reduce((sum, plant) => sum + plant.dashboards.length, 0),
  // The plant's widgets, and the two of Stream Logic's derived values.
  widgets:
    DEMO_PLANTS.flatMap((plant) => plant.dashboards).reduce((sum, d) => sum + d.widgets.length, 0) +
    DEMO_DERIVED_WIDGETS,
  people: DEMO_PEOPLE.length + 1,
};

describe('demo seeding', () => {
  it('completes on the next start a demo whose first start died halfway through a seeder', async () => {
    expect(sensorsOf(DEMO_PLANTS[0]!.tree).length).toBeGreaterThan(0);
    // The first start dies after the dashboards seeder made its first few calls (one dashboard half built).
    const seed = dashboardsSeeder.seed;
    const killed = vi.spyOn(dashboardsSeeder, 'seed').mockImplementationOnce(async (ctx) => {
      let calls = 0;
      const request: typeof ctx.api.request = (...args) => {
        calls += 1;
        if (calls > 4) throw new Error('killed while seeding');
        return ctx.api.request(...args);
      };
      await seed({ ...ctx, api: { ...ctx.api, request } });
    });
    await expect(start()).rejects.toThrow('killed while seeding');
    expect(killed).toHaveBeenCalledTimes(1);

    const second = await start();
    try {
      const db = second.deps.db;
      expect(await demoSize(db)).toEqual(FULL_DEMO);
      const seeds = await db.selectFrom('demo_seeds').select(['seeder', 'completed_at']).execute();
      expect(seeds.map((s) => s.seeder).sort()).toEqual(DEMO_SEEDERS.map((s) => s.key).sort());
      expect(seeds.every((s) => s.completed_at !== null)).toBe(true);
      // Widgets bound to sensors the first start made: the finished seeders' context was read back.
      const widget = await db.selectFrom('dashboard_widgets').select('config').executeTakeFirstOrThrow();
      const sensorIds = new Set(
        (await db.selectFrom('entities').select('id').where('kind', '=', 'sensor').execute()).map(
          (e) => e.id,
        ),
      );
      const bound = JSON.stringify(widget.config).match(/"sensor_id":"([0-9a-f-]{36})"/)?.[1];
      expect(bound && sensorIds.has(bound)).toBe(true);
    } finally {
      await second.stop();
    }

    // A start after a complete demo seeds nothing more.
    const third = await start();
    try {
      expect(await demoSize(third.deps.db)).toEqual(FULL_DEMO);
    } finally {
      await third.stop();
    }
    // Three platform starts, two of them seeding the whole demo.
  }, 120_000);
});
