import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bulkTraits, CopyFrom, copyRows } from '../bulk';
import { type DatabaseHandle, type Db, openDatabase } from '../database';
import '../../../testing/providedContext';

// PGlite in its worker thread, whichever engine the rest of the suite runs on.
let handle: DatabaseHandle;
let db: Db;

beforeAll(async () => {
  const template = inject('pgliteTemplate');
  handle = await openDatabase(
    existsSync(template)
      ? { kind: 'pglite-memory', loadDataDir: new Blob([await readFile(template)]) }
      : { kind: 'pglite-memory' },
  );
  db = handle.db;
  await sql`create table worker_probe (id int primary key, note text, at timestamptz, data bytea, big int8, doc jsonb)`.execute(
    db,
  );
});
afterAll(() => handle.close());

describe('PGlite in a worker thread', () => {
  it('skips what only guards against a power cut, as PGlite already runs without fsync', async () => {
    const settings = await sql<{ name: string; setting: string }>`
      select name, setting from pg_settings
      where name in ('fsync', 'wal_init_zero', 'full_page_writes') order by name`.execute(db);
    expect(settings.rows).toEqual([
      { name: 'fsync', setting: 'off' },
      { name: 'full_page_writes', setting: 'off' },
      { name: 'wal_init_zero', setting: 'off' },
    ]);
  });

  it('keeps the event loop responsive while a heavy query runs', async () => {
    let last = performance.now();
    let maxGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    await sql`select sum(length(md5(g::text))) from generate_series(1, 400000) g`.execute(db);
    const took = performance.now() - started;
    clearInterval(timer);
    maxGap = Math.max(maxGap, performance.now() - last);
    // On the main thread the longest gap would be the whole query.
    expect(took).toBeGreaterThan(150);
    expect(maxGap).toBeLessThan(Math.max(60, took / 3));
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });

  it('returns rows as PGlite gives them: dates, bytes, bigints, json', async () => {
    const at = new Date('2026-03-01T10:00:00.123Z');
    await sql`insert into worker_probe values (1, 'a', ${at}, ${new Uint8Array([1, 2, 255])}, ${9_007_199_254_740_993n}, ${JSON.stringify({ x: [1, 'two'] })})`.execute(
      db,
    );
    const result = await sql<Record<string, unknown>>`select * from worker_probe where id = 1`.execute(db);
    const row = result.rows[0]!;
    expect(row.at).toEqual(at);
    expect(row.data).toEqual(new Uint8Array([1, 2, 255]));
    expect(row.big).toBe(9_007_199_254_740_993n);
    expect(row.doc).toEqual({ x: [1, 'two'] });
    expect(row.note).toBe('a');
  });

  it('keeps the PostgreSQL fields of an error (a unique violation is still 23505)', async () => {
    const error = await sql`insert into worker_probe (id) values (1)`.execute(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'worker_probe_pkey',
      table: 'worker_probe',
      detail: 'Key (id)=(1) already exists.',
      message: 'duplicate key value violates unique constraint "worker_probe_pkey"',
    });
    // The caller's stack, not the worker's.
    expect((error as Error).stack).toContain('pgliteWorker.test.ts');
  });

  it('never interleaves a transaction with other queries', async () => {
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into worker_probe (id, note) values (2, 'in tx')`.execute(trx);
      order.push('tx inserted');
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('tx commits');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = sql<{ n: number }>`select count(*)::int as n from worker_probe where id = 2`
      .execute(db)
      .then((result) => {
        order.push('outside read');
        return result.rows[0]?.n;
      });
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx inserted', 'tx commits', 'outside read']);
  });

  it('lets a background writer make way for the rest of a request before it takes the connection', async () => {
    const order: string[] = [];
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const request = (async () => {
      await db.connection().execute(async (connection) => {
        holding();
        await sql`select pg_sleep(0.02)`.execute(connection);
      });
      order.push('q1');
      await sql`select 2`.execute(db);
      order.push('q2');
      await sql`select 3`.execute(db);
      order.push('q3');
    })();
    await held;
    const makeWay = bulkTraits(db).makeWay;
    expect(makeWay).toBeDefined();
    await makeWay?.();
    await db.transaction().execute((trx) => sql`select 4`.execute(trx));
    order.push('writer');
    await request;
    // Without making way the writer, queued behind the first query, would come second.
    expect(order).toEqual(['q1', 'q2', 'q3', 'writer']);
  });

  it('rolls back transactions and savepoints', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into worker_probe (id) values (3)`.execute(trx);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    const trx = await db.startTransaction().execute();
    await sql`insert into worker_probe (id) values (4)`.execute(trx);
    const savepoint = await trx.savepoint('before_five').execute();
    await sql`insert into worker_probe (id) values (5)`.execute(savepoint);
    await savepoint.rollbackToSavepoint('before_five').execute();
    await trx.commit().execute();
    const ids = await sql<{
      id: number;
    }>`select id from worker_probe where id between 3 and 5 order by id`.execute(db);
    expect(ids.rows).toEqual([{ id: 4 }]);
  });

  it('loads rows with COPY inside a transaction', async () => {
    const text = new TextEncoder().encode('10\tcopied\n11\t\\N\n');
    await db
      .transaction()
      .execute((trx) => copyRows(trx, new CopyFrom('worker_probe (id, note)', 'text', text)));
    const rows = await sql`select id, note from worker_probe where id >= 10 order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 10, note: 'copied' },
      { id: 11, note: null },
    ]);
  });

  it('answers many small queries with little overhead', async () => {
    const started = performance.now();
    for (let i = 0; i < 200; i++) await db.executeQuery(CompiledQuery.raw('select $1::int as i', [i]));
    // Each query crosses to the worker and back; a few hundred microseconds is the expected cost.
    expect((performance.now() - started) / 200).toBeLessThan(20);
  });

  it('dumps a database another worker can open', async () => {
    const dump = await handle.dump!();
    const copy = await openDatabase({ kind: 'pglite-memory', loadDataDir: dump });
    try {
      const rows = await sql<{ n: number }>`select count(*)::int as n from worker_probe`.execute(copy.db);
      expect(rows.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });
});
