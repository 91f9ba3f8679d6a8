import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from './database';
import { runSql } from './script';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('runSql (a library’s own statements through the platform database)', () => {
  it('runs a script of several statements and answers with the last one’s rows', async () => {
    const { rows } = await runSql(
      database.db,
      `create table script_probe (n int);
       insert into script_probe values (1), (2), (3);
       select sum(n)::int as total from script_probe;`,
    );
    expect(rows).toEqual([{ total: 6 }]);
  });

  it('runs one statement with parameters', async () => {
    const { rows } = await runSql(database.db, 'select $1::int + $2::int as total', [2, 3]);
    expect(rows).toEqual([{ total: 5 }]);
  });

  it('leaves the connection clean when a script fails inside its own transaction', async () => {
    await expect(
      runSql(database.db, 'begin; insert into script_probe values (10); select 1/0; commit;'),
    ).rejects.toThrow(/division by zero/);
    // Neither the failed insert nor an aborted session is left behind for the next caller.
    const after = await sql<{ total: number }>`select sum(n)::int as total from script_probe`.execute(
      database.db,
    );
    expect(after.rows).toEqual([{ total: 6 }]);
  });
});
