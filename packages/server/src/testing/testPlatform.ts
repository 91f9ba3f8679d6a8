/** The real HTTP app on a fresh database, driven in-process with app.inject. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/httpApp';
import type { ServerDeps } from '../app/modules';
import { createDeps } from '../app/runtime';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../platform/db/database';
import { createLogger } from '../platform/http/logging';
import { JobQueue } from '../platform/jobs/jobQueue';
import { DEMO_ADMIN, DEMO_ORG, seedDemoIfEmpty } from '../seed/demo';
import { openTestDatabase } from './testDatabase';

export interface TestPlatform {
  app: FastifyInstance;
  deps: ServerDeps;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** Builds the app on its own database with the demo seeded; pass env to change the configuration. */
export async function createTestPlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  const database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
  const platform = await startTestNode(database, env);
  return {
    ...platform,
    close: async () => {
      await platform.close();
      await database.close();
    },
  };
}

/**
 * Builds the app on a database that is already there, with a data directory of its own: one node of
 * several on a shared database. Closing it leaves the database open.
 */
export async function startTestNode(
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<TestPlatform> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ferrite-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests read Fastify's own JSON request lines, whether or not vitest runs in a terminal.
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://ferrite.test',
    // app.inject comes from 127.0.0.1, standing for a proxy on the same machine: a test picks its
    // client's address with X-Forwarded-For. TRUST_PROXY: '' gives the production default (none).
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const log = createLogger(config.logLevel);
  const jobs = await JobQueue.start(database.db, log);
  const deps = await createDeps(config, database, log, jobs);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    close: async () => {
      // Ends the writer thread (PostgreSQL) before its database is dropped.
      await deps.ingest.stop();
      await app.close();
      await jobs.stop();
      deps.blobs.close?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { DEMO_ADMIN, DEMO_ORG };
