/**
 * Ingest through Mosquitto (127.0.0.1:1883, running on every developer and CI machine): the shared
 * subscription, and no acknowledged message lost when a Ferrite server is killed and restarted in
 * the middle of QoS 1 ingestion.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app/httpApp';
import { createDeps } from '../../../app/runtime';
import { loadConfig } from '../../../config';
import { type DatabaseHandle, openDatabase } from '../../../platform/db/database';
import { migrateToLatest } from '../../../platform/db/migrate';
import { createLogger } from '../../../platform/http/logging';
import { JobQueue } from '../../../platform/jobs/jobQueue';
import { type ServerNode, startServerNode } from '../../../testing/serverNode';
import type { TestPlatform } from '../../../testing/testPlatform';
import { type GatewayFixture, gatewayFixture } from './testSupport';

const BROKER = 'mqtt://127.0.0.1:1883';
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: DatabaseHandle;
let databaseUrl: string;
let databaseName: string;
let platform: TestPlatform;
let gw: GatewayFixture;
let dataDir: string;
let jobs: JobQueue;

beforeAll(async () => {
  // Its own PostgreSQL database: a separate server process must reach the same data.
  databaseName = `ferrite_broker_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await migrateToLatest(database.db);
  dataDir = await mkdtemp(join(tmpdir(), 'ferrite-broker-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'none'),
  });
  jobs = await JobQueue.start(database.db, createLogger('silent'));
  const deps = await createDeps(config, database, createLogger('silent'), jobs);
  const app = await buildApp(deps);
  platform = { app, deps, database, config, close: async () => undefined };
  gw = await gatewayFixture(platform, { timestamp: { field: 'n', format: 'epoch_ms' } });
}, 60_000);

afterAll(async () => {
  await platform.deps.ingest.stop();
  await platform.app.close();
  await jobs.stop();
  await database.close();
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts a real Ferrite server process reading devices through Mosquitto; resolves when ready. */
function startServer(nodeId: string): Promise<ServerNode> {
  return startServerNode({ name: nodeId, databaseUrl, env: { MQTT_URL: BROKER } });
}

async function countStored(): Promise<number> {
  const row = await database.db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sensor_id', '=', gw.sensorId)
    .where('param_key', '=', 'temperature')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('ingest through an external broker (Mosquitto)', () => {
  it('loses no acknowledged QoS 1 message when the server is killed and restarted mid-stream', async () => {
    const nodeId = `kill-test-${randomBytes(4).toString('hex')}`;
    let server: ServerNode | null = await startServer(nodeId);
    const device = await mqtt.connectAsync(BROKER, { clientId: `device-${nodeId}`, reconnectPeriod: 500 });
    try {
      // Enough that storing them takes a while after the first 200 are in (a PostgreSQL server once
      // stored 1,500 between two looks), few enough that Mosquitto's queue of each of the four
      // subscriber sessions (max_queued_messages, 1,000) never overflows while the server is down.
      const total = 3_000;
      const base = Date.now() - 3_600_000;
      let acknowledged = 0;
      const publishing = (async () => {
        for (let n = 0; n < total; n++) {
          await device.publishAsync(gw.topic, JSON.stringify({ n: base + n, temp: n }), { qos: 1 });
          acknowledged += 1;
        }
      })();
      await waitFor(async () => (await countStored()) > 200, 30_000, 10);
      const killed: ServerNode = server;
      server = null;
      await killed.stop('SIGKILL');
      const storedAtKill = await countStored();
      expect(storedAtKill).toBeLessThan(total);
      await publishing;
      expect(acknowledged).toBe(total);
      server = await startServer(nodeId);
      await waitFor(async () => (await countStored()) >= total, 60_000);
      expect(await countStored()).toBe(total);
      const values = await database.db
        .selectFrom('telemetry')
        .select('value')
        .where('sensor_id', '=', gw.sensorId)
        .where('param_key', '=', 'temperature')
        .orderBy('ts')
        .execute();
      expect(values.map((v) => v.value)).toEqual(Array.from({ length: total }, (_, n) => n));
    } finally {
      await server?.stop('SIGTERM');
      await device.endAsync();
      // Leave no persistent sessions behind in the shared broker, whatever failed: a session left in
      // the shared group would take its turn of every later run's messages for a day.
      for (let index = 0; index < 4; index++) {
        const cleanup = await mqtt.connectAsync(BROKER, {
          clientId: `ferrite-ingest-${nodeId}-${index}`,
          protocolVersion: 5,
          clean: true,
        });
        await cleanup.endAsync();
      }
    }
  }, 120_000);
});
