import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import { PREPARE, preparedName } from './preparedStatements';

describe('prepared statements', () => {
  it('names each marked text once, and leaves unmarked ones alone', () => {
    const upsert = `/* prepare */ with a as (select $1::int) select 1`;
    const other = `/* prepare */ with b as (select $1::int) select 2`;
    expect(preparedName(upsert)).toBe(preparedName(upsert));
    expect(preparedName(other)).not.toBe(preparedName(upsert));
    expect(preparedName('with a as (select $1::int) select 1')).toBeUndefined();
  });

  it('answers a marked statement like any other, again and again, with new values each time', async () => {
    const database = await openTestDatabase();
    try {
      for (const n of [1, 2, 3]) {
        const result = await sql<{ twice: number }>`${PREPARE}select ${n}::int * 2 as twice`.execute(
          database.db,
        );
        expect(result.rows).toEqual([{ twice: 2 * n }]);
      }
      const unmarked = await database.db.executeQuery(CompiledQuery.raw('select 7 as seven', []));
      expect(unmarked.rows).toEqual([{ seven: 7 }]);
      // PostgreSQL keeps the marked one prepared in the session that ran it (PGlite only sees a comment).
      const prepared = await database.db.transaction().execute(async (trx) => {
        await sql`${PREPARE}select ${4}::int * 2 as twice`.execute(trx);
        const found = await sql<{ n: number }>`
          select count(*)::int as n from pg_prepared_statements where statement like '/* prepare */%'`.execute(
          trx,
        );
        return found.rows[0]?.n;
      });
      expect(prepared).toBe(database.engine === 'postgres' ? 1 : 0);
    } finally {
      await database.close();
    }
  });
});
