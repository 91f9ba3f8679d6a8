/**
 * SQLSTATE codes a use case turns into an answer (a duplicate name, a row still in use). pg and PGlite
 * both set the code on their errors, so the same check works on either engine.
 */

/** Unique violation. */
export const UNIQUE_VIOLATION = '23505';
/** A delete blocked by a foreign key: 23503 on PostgreSQL, 23001 (restrict) on PGlite. */
export const REFERENCED_ROW = ['23503', '23001'] as const;

/** True when a database error is one of these SQLSTATE codes. */
export function hasSqlState(error: unknown, ...codes: string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}
