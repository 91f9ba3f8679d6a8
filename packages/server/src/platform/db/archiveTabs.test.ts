import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import { inArchiveTab, tabCountColumns, tabCountsOf } from './archiveTabs';
import type { DatabaseHandle } from './database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Five rows, two of them archived. */
const rows = sql<{ name: string; archived_at: Date | null }>`(
  select * from (values
    ('pump', null::timestamptz), ('valve', now()), ('fan', null), ('motor', now() - interval '1 day'), ('belt', null)
  ) as v(name, archived_at)
)`.as('t');

describe('the SQL of Active/Archived tabs', () => {
  it('counts both tabs in one statement', async () => {
    const row = await database.db
      .selectFrom(rows)
      .select(tabCountColumns('t.archived_at'))
      .executeTakeFirstOrThrow();
    expect(tabCountsOf(row)).toEqual({ active: 3, archived: 2 });
  });

  it('puts a row with an archive time in the Archived tab and one without in the Active tab', async () => {
    const names = async (archived: boolean) =>
      (
        await database.db
          .selectFrom(rows)
          .select('t.name')
          .where(inArchiveTab('t.archived_at', archived))
          .orderBy('t.name')
          .execute()
      ).map((row) => row.name);
    expect(await names(false)).toEqual(['belt', 'fan', 'pump']);
    expect(await names(true)).toEqual(['motor', 'valve']);
  });

  it('reads totals the database answers as bigint text', () => {
    expect(tabCountsOf({ active: '12', archived: 3n })).toEqual({ active: 12, archived: 3 });
  });
});
