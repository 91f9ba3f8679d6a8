/**
 * A Kysely dialect for PGlite hosted in a worker thread. PGlite is one connection, so the driver
 * hands it to one holder at a time (a FIFO mutex): a transaction's statements are never interleaved
 * with anyone else's, and queries outside it wait until it commits or rolls back.
 */
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  type TransactionSettings,
} from 'kysely';
import { CopyFrom } from '../bulk';
import { SqlScript } from '../script';
import type { PGliteWorkerClient } from './client';

/** PGlite's result as Kysely got it before (kysely-pglite): rows, fields, command, affectedRows, rowCount. */
type PGliteQueryResult<R> = QueryResult<R> & { fields: unknown[]; affectedRows?: number };

/** The one connection's lock: first come, first served. */
export class ConnectionLock {
  private held = false;
  private readonly queue: (() => void)[] = [];
  /** Called when the connection is next left free. */
  private freed: (() => void)[] = [];

  /** How many callers wait for the connection now. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * For a background writer about to take the connection: when someone else holds or awaits it, resolves
   * once it has stayed free for `turns` event-loop turns (a request's next query, issued as its previous
   * answer is handled, gets in first), or after `maxMs` at most; at once when nobody uses it.
   */
  async settle(turns: number, maxMs: number): Promise<void> {
    if (!this.held && this.queue.length === 0) return;
    let late = false;
    let wake = () => {};
    const timer = setTimeout(() => {
      late = true;
      wake();
    }, maxMs);
    try {
      while (!late) {
        if (this.held || this.queue.length > 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            this.freed.push(resolve);
          });
          continue;
        }
        let quiet = true;
        for (let turn = 0; turn < turns && quiet && !late; turn++) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          quiet = !this.held && this.queue.length === 0;
        }
        if (quiet) return;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves once the caller holds the connection. */
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** Hands the connection to the longest waiter, if any. */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else {
      this.held = false;
      const freed = this.freed;
      this.freed = [];
      for (const resolve of freed) resolve();
    }
  }
}

class PGliteWorkerConnection implements DatabaseConnection {
  constructor(private readonly client: PGliteWorkerClient) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const [first] = compiledQuery.parameters;
    try {
      if (first instanceof CopyFrom) {
        const result = await this.client.query(first.statement("'/dev/blob'"), [], first.data);
        return { ...result, rows: [] };
      }
      if (first instanceof SqlScript)
        return (await this.client.exec(compiledQuery.sql)) as PGliteQueryResult<R>;
      return (await this.client.query(compiledQuery.sql, compiledQuery.parameters)) as PGliteQueryResult<R>;
    } catch (error) {
      // Thrown on the worker's reply; give it the caller's (async) stack instead.
      if (error instanceof Error) {
        const here = new Error(error.message).stack ?? '';
        error.stack = `${error.name}: ${error.message}${here.slice(here.indexOf('\n'))}`;
      }
      throw error;
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported, as with kysely-pglite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming.');
  }
}

class PGliteWorkerDriver implements Driver {
  private readonly connection: PGliteWorkerConnection;

  constructor(
    private readonly client: PGliteWorkerClient,
    private readonly lock: ConnectionLock,
  ) {
    this.connection = new PGliteWorkerConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('release', name), createQueryId()));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

type Compile = Parameters<NonNullable<Driver['savepoint']>>[2];

function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

/** Kysely's PostgreSQL adapter, compiler and introspector over the worker-hosted PGlite. */
export class PGliteWorkerDialect implements Dialect {
  /** The one connection's lock: who holds PGlite, and how many wait for it. */
  readonly lock = new ConnectionLock();

  constructor(private readonly client: PGliteWorkerClient) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteWorkerDriver(this.client, this.lock);
  }

  // biome-ignore lint/suspicious/noExplicitAny: any database schema
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
