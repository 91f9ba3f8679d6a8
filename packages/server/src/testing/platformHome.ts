/**
 * A home for whole-platform tests (the runtime as `npm start` runs it): a data directory of its own
 * and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database; `start` runs the platform there as
 * often as a test needs (a restart keeps both), `remove` drops them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { type RunningPlatform, startPlatform } from '../app/runtime';
import { loadConfig } from '../config';
import { createServerDatabase } from './testDatabase';

export interface PlatformHome {
  dataDir: string;
  /** Starts the platform on this home; `env` overrides the defaults (silent, demo seeded, no live plant). */
  start(env?: Record<string, string>, log?: Logger): Promise<RunningPlatform>;
  /** Drops the database and the data directory (stop the platform first). */
  remove(): Promise<void>;
}

export async function platformHome(name: string): Promise<PlatformHome> {
  const dataDir = await mkdtemp(join(tmpdir(), `ferrite-${name}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const server = serverUrl ? await createServerDatabase(serverUrl) : null;
  return {
    dataDir,
    start: (env = {}, log) =>
      startPlatform(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'no-web-build'),
          DEMO_PLANT: '0',
          SEED_DEMO: '1',
          ...(server ? { DATABASE_URL: server.url } : {}),
          ...env,
        }),
        log,
      ),
    remove: async () => {
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
