/**
 * Raw SQL for libraries that bring their own statements (the job queue's migrations and plans), run
 * through the platform's one Kysely instance so PGlite's connection lock and PostgreSQL's pool are
 * shared with everything else.
 *
 * A text with parameters is one statement. A text without parameters may hold several (migrations):
 * it is marked with `SqlScript`, which both engines run as a script (PGlite's `exec`, node-postgres'
 * simple query protocol), answering with the last statement's rows.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from './database';

/** The parameter that marks a statement text as a script of several statements. */
export class SqlScript {}

/** Runs a library's statement (with values) or script (without) and returns the last rows. */
export async function runSql(
  db: Db,
  text: string,
  values: readonly unknown[] = [],
): Promise<{ rows: Record<string, unknown>[] }> {
  if (values.length > 0) {
    const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...values]));
    return { rows };
  }
  return db.connection().execute(async (connection) => {
    try {
      const { rows } = await connection.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(text, [new SqlScript()]),
      );
      return { rows };
    } catch (error) {
      // A script that failed after its own BEGIN leaves the session in an aborted transaction; the
      // connection goes back to the pool (or, on PGlite, to everyone) clean.
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  });
}
