/** Column types shared by the table descriptions (schema.ts and its per-module files). */
import type { ColumnType } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb columns are written as JSON text (same on pg and PGlite) and read back parsed. */
export type Json<T> = ColumnType<T, string, string>;
