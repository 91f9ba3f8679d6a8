/**
 * Room on every rollup page for updated row versions. The writer upserts telemetry_1m and
 * telemetry_1h rows again and again while their bucket fills; none of the columns it changes is
 * indexed, so with free space on the page PostgreSQL makes each update a HOT update (no new index
 * entries, pruned in place) instead of moving the row to another page and indexing it anew. The
 * rollups are plain tables (only the raw telemetry table is partitioned, and it is insert-only), so
 * the storage parameter goes on the tables themselves; existing pages keep their packing until they
 * are rewritten, new pages are filled to 70%.
 */
import { type Kysely, sql } from 'kysely';

/** Sets fillfactor = 70 on telemetry_1m and telemetry_1h. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['telemetry_1m', 'telemetry_1h']) {
    await sql`alter table ${sql.table(table)} set (fillfactor = 70)`.execute(db);
  }
}
