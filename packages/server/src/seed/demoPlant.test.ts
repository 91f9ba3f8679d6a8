/**
 * Demo mode as a newcomer meets it: `npm start` on an empty database seeds three projects with their
 * plant (hierarchies on a map, gateways on MQTT, CoAP and HTTPS, people, firmware, dashboards) and
 * runs it: every gateway comes online and every sensor gets readings; a restart takes the same
 * gateways over again.
 */
import { DEFAULT_AVATAR } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../app/runtime';
import { verifyPassword } from '../platform/security/passwords';
import { type PlatformHome, platformHome } from '../testing/platformHome';
import { sensorsOf } from './demo/plant/fields';
import { DEMO_PLANTS } from './demo/plant/index';
import { DEMO_PEOPLE, DEMO_PEOPLE_PASSWORD, DEMO_SIGN_UP } from './demo/roleManager';
import { DEMO_VIRTUAL_SENSOR_PROJECT } from './demo/streamLogic';
import { DEMO_PLANT_GATEWAYS } from './demoPlant';

let home: PlatformHome;

beforeAll(async () => {
  home = await platformHome('demo-plant');
});

afterAll(async () => {
  await home?.remove();
});

function start(): Promise<RunningPlatform> {
  // Port 0: the embedded broker and the CoAP server listen on free ports, so all three transports run.
  return home.start({ MQTT_PORT: '0', COAP_PORT: '0', DEMO_PLANT: '1' });
}

const ALL_SENSORS = DEMO_PLANTS.flatMap((plant) => sensorsOf(plant.tree));

/** The plant's gateways with their status, and which demo sensors hold points. */
async function plantState(platform: RunningPlatform) {
  const db = platform.deps.db;
  const gateways = await db
    .selectFrom('gateways')
    .select(['id', 'name', 'protocol', 'last_seen_at'])
    .where('archived_at', 'is', null)
    .execute();
  const fed = await db
    .selectFrom('telemetry')
    .innerJoin('entities', 'entities.id', 'telemetry.sensor_id')
    .select(['entities.name', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('entities.name')
    .execute();
  return {
    gateways,
    fedSensors: new Set(fed.map((row) => row.name)),
    points: fed.reduce((sum, row) => sum + Number(row.n), 0),
  };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the demo plant', () => {
  it('seeds three mapped projects, people and dashboards, feeds every sensor over all three protocols, and resumes after a restart', async () => {
    const first = await start();
    let firstPoints: number;
    try {
      const db = first.deps.db;
      // Every asset and sensor of the three projects sits on the site map, in its own project.
      const entities = await db
        .selectFrom('entities')
        .innerJoin('projects', 'projects.id', 'entities.project_id')
        .select([
          'projects.name as project',
          'entities.kind',
          'entities.depth',
          'entities.latitude',
          'entities.longitude',
        ])
        .execute();
      for (const plant of DEMO_PLANTS) {
        const own = entities.filter((e) => e.project === plant.project);
        // The plant's sensors, and in the Boiler House Stream Logic's virtual sensor.
        expect(own.filter((e) => e.kind === 'sensor').length, plant.project).toBe(
          sensorsOf(plant.tree).length + (plant.project === DEMO_VIRTUAL_SENSOR_PROJECT ? 1 : 0),
        );
        expect(Math.max(...own.map((e) => e.depth)), plant.project).toBeGreaterThanOrEqual(1);
        for (const entity of own) {
          // Within a few hundred metres of the hall's corner (plant/layout.test.ts checks the spread).
          expect(Math.abs((entity.latitude ?? 0) - plant.origin.latitude)).toBeLessThan(0.002);
          expect(Math.abs((entity.longitude ?? 0) - plant.origin.longitude)).toBeLessThan(0.004);
        }
      }
      expect(
        entities.filter((e) => e.project === 'Line 1 Assembly' && e.kind === 'sensor').length,
      ).toBeGreaterThan(5);

      // Colleagues sign in with the documented password; one sign-up waits for the platform admin.
      const people = await db
        .selectFrom('users')
        .innerJoin('memberships', 'memberships.user_id', 'users.id')
        .innerJoin('user_group_members', 'user_group_members.user_id', 'users.id')
        .select(['users.email', 'users.password_hash', 'users.avatar'])
        .execute();
      expect(people.map((p) => p.email).sort()).toEqual(DEMO_PEOPLE.map((p) => p.email).sort());
      // Each colleague has a face of their own in the lists, none the admin's default.
      expect(new Set([...people.map((p) => p.avatar), DEFAULT_AVATAR]).size).toBe(people.length + 1);
      expect(people[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(people[0]?.password_hash as string, DEMO_PEOPLE_PASSWORD)).toBe(true);
      const requests = await db.selectFrom('org_requests').select(['organization_name', 'status']).execute();
      expect(requests).toEqual([{ organization_name: DEMO_SIGN_UP.organization, status: 'pending' }]);

      const rollouts = await db.selectFrom('firmware_rollouts').select(['status', 'progress']).execute();
      expect(rollouts.length).toBeGreaterThan(0);
      expect(rollouts.every((r) => r.status === 'succeeded' && r.progress === 100)).toBe(true);

      const dashboards = await db
        .selectFrom('dashboards')
        .innerJoin('dashboard_widgets', 'dashboard_widgets.dashboard_id', 'dashboards.id')
        .select(['dashboards.name', 'dashboard_widgets.bindings'])
        .execute();
      const names = new Set(dashboards.map((d) => d.name));
      expect(names.size).toBe(DEMO_PLANTS.reduce((sum, plant) => sum + plant.dashboards.length, 0));
      expect(dashboards.every((d) => d.bindings.length > 0)).toBe(true);

      const state = await waitFor(
        () => plantState(first),
        (s) =>
          s.gateways.length === DEMO_PLANT_GATEWAYS &&
          s.gateways.every((g) => g.last_seen_at !== null) &&
          s.fedSensors.size === ALL_SENSORS.length,
      );
      expect(new Set(state.gateways.map((g) => g.protocol))).toEqual(new Set(['MQTT', 'CoAP', 'HTTP']));
      expect(state.gateways.filter((g) => g.last_seen_at === null).map((g) => g.name)).toEqual([]);
      expect(ALL_SENSORS.filter((s) => !state.fedSensors.has(s.name)).map((s) => s.name)).toEqual([]);
      firstPoints = state.points;
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      const state = await waitFor(
        () => plantState(second),
        (s) => s.points > firstPoints,
      );
      // The same gateways, taken over with new tokens, not a second set.
      expect(state.gateways).toHaveLength(DEMO_PLANT_GATEWAYS);
      expect(state.points).toBeGreaterThan(firstPoints);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
