/**
 * Planner statistics for PGlite. PostgreSQL's autovacuum analyzes tables as they change; PGlite runs
 * no background workers, so its tables are never analyzed and the planner guesses. It then reads a
 * sensor's rollup rows through the (org_id, bucket) index and filters out every other sensor's: with
 * 40 sensors, a window took 11.8 ms that way and 0.6 ms through the primary key once analyzed.
 * Each table is analyzed by its own statement, so API queries get their turn between them.
 */
import { sql } from 'kysely';
import type { Db } from './database';

/** Analyzes every table of the public schema (partitioned tables with their partitions); answers them. */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  for (const { name } of tables.rows) await sql`analyze ${sql.table(name)}`.execute(db);
  return tables.rows.map((row) => row.name);
}
