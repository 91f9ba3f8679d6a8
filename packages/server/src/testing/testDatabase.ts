/** A fresh database per test file: PGlite from the run's template, or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import './providedContext';

/** Opens an isolated, migrated database; TEST_DATABASE_URL selects PostgreSQL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await readFile(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([template]) });
  }
  const server = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: server.url });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await server.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and a drop that waits for its clients. */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ferrite_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its clients' sockets close; forcing the drop while one is still
      // closing makes that client emit an error the ended pool no longer handles (an uncaught error).
      for (let attempt = 0; attempt < 100; attempt++) {
        const open = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
