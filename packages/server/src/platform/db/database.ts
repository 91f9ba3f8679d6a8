/** Opens the database: PGlite in DATA_DIR/db by default, PostgreSQL when a URL is given. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Closes the pool or the embedded engine. */
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

/** Opens a database handle for the target. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client dropped by the server (restart, failover) emits here; unhandled it would crash the process.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool: idle client error', error.message);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = join(target.dataDir, 'db');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  const db = new Kysely<Database>({ dialect: new KyselyPGlite(client).dialect });
  return {
    db,
    engine: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** The database target the configuration names. */
export function targetFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}
