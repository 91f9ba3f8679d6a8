/**
 * The running platform's job queue: the periodic chores are cron schedules stored once in the database
 * (so several nodes share one tick), and a stop finishes the queue before the database closes, quietly.
 */
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PlatformHome, platformHome } from '../testing/platformHome';
import type { RunningPlatform } from './runtime';

let home: PlatformHome;
let platform: RunningPlatform | null = null;
/** What the platform logged at warn or above (bar the web build, which tests never have). */
const troubles: string[] = [];

beforeAll(async () => {
  home = await platformHome('runtime-jobs');
  const log = pino(
    { level: 'warn' },
    {
      write: (line: string) => {
        if (!line.includes('web app not built')) troubles.push(line);
      },
    },
  );
  platform = await home.start(
    { LOG_LEVEL: 'warn', MQTT_PORT: '0', COAP_PORT: '0', DEMO_PLANT: '0', SEED_DEMO: '0' },
    log,
  );
});

afterAll(async () => {
  await platform?.stop();
  await home?.remove();
});

it('schedules the periodic chores once in the database, for whichever node takes each tick', async () => {
  const running = platform as RunningPlatform;
  const schedules = await sql<{ name: string; cron: string; timezone: string }>`
    select name, cron, timezone from pgboss.schedule order by name`.execute(running.deps.db);
  expect(schedules.rows).toEqual([
    { name: 'auth.failureSweep', cron: '37 * * * *', timezone: 'UTC' },
    { name: 'dashboards.reportFiles', cron: '*/5 * * * *', timezone: 'UTC' },
    // The catch-up of command expiry; each command's own expiry is a delayed job.
    { name: 'iotManager.commandExpiry', cron: '* * * * *', timezone: 'UTC' },
    { name: 'telemetry.retention', cron: '7 * * * *', timezone: 'UTC' },
  ]);
});

it('on PGlite, a single node, sweeps retention and refreshes statistics soon after a start', async () => {
  const running = platform as RunningPlatform;
  const queued = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job where name = 'telemetry.retention'`.execute(running.deps.db);
  expect(queued.rows[0]?.n).toBe(running.deps.engine === 'pglite' ? 1 : 0);
});

it('sweeps gateway status every 5 s: one job per period, each completed', async () => {
  const running = platform as RunningPlatform;
  const periods = async () =>
    (
      await sql<{ slot: number; state: string }>`
        select extract(epoch from singleton_on)::int as slot, state from pgboss.job
        where name = 'iotManager.gatewayStatus' order by singleton_on`.execute(running.deps.db)
    ).rows;
  const deadline = Date.now() + 20_000;
  while ((await periods()).filter((job) => job.state === 'completed').length < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const jobs = await periods();
  const completed = jobs.filter((job) => job.state === 'completed');
  expect(completed.length).toBeGreaterThanOrEqual(2);
  expect(new Set(jobs.map((job) => job.slot)).size).toBe(jobs.length);
  expect(jobs.every((job) => job.slot % 5 === 0)).toBe(true);
});

it('stops the queue before the database closes, logging nothing amiss', async () => {
  const running = platform as RunningPlatform;
  platform = null;
  await running.stop();
  expect(troubles).toEqual([]);
});
