/**
 * Several in-process "nodes" on one test database (PGlite or PostgreSQL, with the demo seeded): each
 * its own app and services, their cluster buses joined in memory (testing/joinedBuses.ts), one job
 * queue between them. What a cross-node test needs without starting processes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app/httpApp';
import { SERVER_MODULES } from '../app/modules';
import { createDeps } from '../app/runtime';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../platform/db/database';
import { createLogger } from '../platform/http/logging';
import { JobQueue } from '../platform/jobs/jobQueue';
import { seedDemoIfEmpty } from '../seed/demo';
import { joinedBuses } from './joinedBuses';
import { openTestDatabase } from './testDatabase';
import type { TestPlatform } from './testPlatform';

export interface JoinedNode extends TestPlatform {
  bus: ReturnType<typeof joinedBuses>[number];
}

export interface JoinedNodes {
  nodes: JoinedNode[];
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Starts `count` nodes (apps ready, not listening); `env` adds to the test configuration. */
export async function startJoinedNodes(
  count: number,
  env: Record<string, string> = {},
): Promise<JoinedNodes> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ferrite-joined-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'none'),
    SECRET: 'a'.repeat(64),
    ...env,
  });
  const database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
  const log = createLogger('silent');
  const jobs = await JobQueue.start(database.db, log);
  const nodes: JoinedNode[] = [];
  for (const bus of joinedBuses(count)) {
    const deps = await createDeps(config, database, log, jobs, SERVER_MODULES, { bus, redis: null });
    const app = await buildApp(deps);
    await app.ready();
    nodes.push({ app, deps, database, config, bus, close: async () => undefined });
  }
  return {
    nodes,
    database,
    close: async () => {
      for (const { app, deps } of nodes) {
        await deps.ingest.stop();
        await app.close();
      }
      await jobs.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
