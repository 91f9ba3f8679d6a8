/**
 * Opens the database: PGlite in DATA_DIR/db by default, PostgreSQL when a URL is given. PGlite runs
 * in a worker thread (pgliteWorker/), so its queries never block the event loop. Both engines accept
 * COPY through `copyRows` (bulk.ts) inside any transaction.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { CopyFrom, registerBulkTraits } from './bulk';
import { PGliteWorkerClient } from './pgliteWorker/client';
import { PGliteWorkerDialect } from './pgliteWorker/dialect';
import { preparedName } from './preparedStatements';
import type { Database } from './schema';
import { SqlScript } from './script';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PostgreSQL only: the server's URL, for threads that open their own pool (the telemetry writer). */
  url?: string;
  /** Closes the pool or the embedded engine. */
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

const EMPTY_RESULT = { command: '', rowCount: 0, oid: 0, rows: [], fields: [] } as pg.QueryResult;

/**
 * A pg client that runs a `CopyFrom` parameter as COPY … FROM STDIN, a `SqlScript` one as a script of
 * several statements, and a statement marked PREPARE as a named prepared statement; every other query as usual.
 */
class CopyingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this only intercepts two
  override query(...args: any[]): any {
    const values = args[1];
    if (Array.isArray(values) && values[0] instanceof CopyFrom) return this.copy(values[0]);
    if (Array.isArray(values) && values[0] instanceof SqlScript) return this.script(args[0]);
    const name = typeof args[0] === 'string' && args.length === 2 ? preparedName(args[0]) : undefined;
    if (name) return super.query({ name, text: args[0], values });
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given
    return (super.query as (...rest: any[]) => any)(...args);
  }

  /** Several statements in the simple protocol; node-postgres answers with one result per statement. */
  private async script(text: string): Promise<pg.QueryResult> {
    const results = (await super.query(text)) as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(results) ? (results.at(-1) ?? { ...EMPTY_RESULT }) : results;
  }

  private async copy(copy: CopyFrom): Promise<{ command: string; rowCount: number; rows: [] }> {
    const stream = super.query(copyStreams.from(copy.statement('stdin')));
    await pipeline(inPieces(copy.data), stream);
    return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
  }
}

/**
 * COPY data goes to the socket in pieces of this many bytes, a turn of the event loop apart: a socket
 * write is synchronous, and one of megabytes (a telemetry slice) would hold up every API request for
 * milliseconds, while a piece takes a fraction of one.
 */
const COPY_PIECE_BYTES = 256 * 1024;

async function* inPieces(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += COPY_PIECE_BYTES) {
    if (at > 0) await setImmediate();
    yield data.subarray(at, at + COPY_PIECE_BYTES);
  }
}

/**
 * PGlite: before a write transaction, the writer lets others' queries through until the connection has
 * stayed free for a few event-loop turns (an API request issues its next query as soon as the previous
 * answer is handled), waiting maxMs at most so steady reads cannot starve ingestion.
 */
const MAKE_WAY = { turns: 3, maxMs: 50 };

/** Opens a database handle for the target. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      Client: CopyingClient,
    });
    // An idle client dropped by the server (restart, failover) emits here; unhandled it would crash the process.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool: idle client error', error.message);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerBulkTraits(db, { copy: true, singleSession: false, binaryParameters: true });
    return { db, engine: 'postgres', url: target.url, close: () => db.destroy() };
  }
  let client: PGliteWorkerClient;
  if (target.kind === 'pglite') {
    const dir = join(target.dataDir, 'db');
    await mkdir(dir, { recursive: true });
    client = await PGliteWorkerClient.start({ dataDir: dir });
  } else {
    const loadDataDir = target.loadDataDir ? await target.loadDataDir.arrayBuffer() : undefined;
    client = await PGliteWorkerClient.start({ loadDataDir });
  }
  const dialect = new PGliteWorkerDialect(client);
  const db = new Kysely<Database>({ dialect });
  registerBulkTraits(db, {
    copy: true,
    singleSession: true,
    othersWaiting: () => dialect.lock.waiting > 0,
    makeWay: () => dialect.lock.settle(MAKE_WAY.turns, MAKE_WAY.maxMs),
  });
  return {
    db,
    engine: 'pglite',
    dump: () => client.dump(),
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
