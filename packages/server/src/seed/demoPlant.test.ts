/**
 * Demo mode as a newcomer meets it: `npm start` on an empty database runs a simulated plant whose
 * gateways come online and whose readings are stored; a restart takes the same gateways over again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type RunningPlatform, startPlatform } from '../platform/runtime';
import { createServerDatabase } from '../testing/testDatabase';
import { DEMO_PLANT_PROJECT } from './demo';
import { DEMO_DASHBOARD_NAME, DEMO_DASHBOARD_WIDGETS } from './demoDashboard';
import { DEMO_PLANT_GATEWAYS } from './demoPlant';

let dataDir: string;
let server: { url: string; drop(): Promise<void> } | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ferrite-demo-plant-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) server = await createServerDatabase(serverUrl);
});

afterAll(async () => {
  await server?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function start(): Promise<RunningPlatform> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    COAP_PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    DEMO_PLANT: '1',
    SEED_DEMO: '1',
    ...(server ? { DATABASE_URL: server.url } : {}),
  });
  return startPlatform(config);
}

/** The demo project's simulator gateways with their status, and how many points their sensors hold. */
async function plantState(platform: RunningPlatform) {
  const db = platform.deps.db;
  const gateways = await db
    .selectFrom('gateways')
    .innerJoin('projects', 'projects.id', 'gateways.project_id')
    .where('projects.name', '=', DEMO_PLANT_PROJECT)
    .where('gateways.name', 'like', 'Simulated gateway%')
    .select(['gateways.id', 'gateways.last_seen_at'])
    .execute();
  const points = await db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const dashboards = await db
    .selectFrom('dashboards')
    .leftJoin('dashboard_widgets', 'dashboard_widgets.dashboard_id', 'dashboards.id')
    .select(['dashboards.id', 'dashboard_widgets.id as widget_id'])
    .where('dashboards.name', '=', DEMO_DASHBOARD_NAME)
    .execute();
  return {
    gateways,
    points: Number(points.n),
    dashboards: new Set(dashboards.map((row) => row.id)).size,
    widgets: dashboards.filter((row) => row.widget_id !== null).length,
  };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the simulated demo plant', () => {
  it('creates its gateways on first start, stores their readings, and resumes them after a restart', async () => {
    const first = await start();
    let firstPoints: number;
    try {
      const state = await waitFor(
        () => plantState(first),
        (s) =>
          s.gateways.length === DEMO_PLANT_GATEWAYS &&
          s.points > 0 &&
          s.widgets === DEMO_DASHBOARD_WIDGETS &&
          s.gateways.every((g) => g.last_seen_at !== null),
      );
      expect(state.gateways).toHaveLength(DEMO_PLANT_GATEWAYS);
      expect(state.gateways.every((g) => g.last_seen_at !== null)).toBe(true);
      expect(state.points).toBeGreaterThan(0);
      expect(state.dashboards).toBe(1);
      expect(state.widgets).toBe(DEMO_DASHBOARD_WIDGETS);
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
      expect(state.dashboards).toBe(1);
    } finally {
      await second.stop();
    }
  }, 90_000);
});
