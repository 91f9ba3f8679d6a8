/**
 * The SQL of Active/Archived tabs (platform/http/archiveList.ts is their use case): a row is in the
 * Archived tab when its `archived_at` is set, in the Active tab otherwise.
 */
import { type AliasedRawBuilder, type RawBuilder, sql } from 'kysely';

/** Whether the row whose archive time is `column` (e.g. `d.archived_at`) is in the tab. */
export function inArchiveTab(column: string, archived: boolean): RawBuilder<boolean> {
  const at = sql.ref(column);
  return archived ? sql<boolean>`${at} is not null` : sql<boolean>`${at} is null`;
}

/** Both tabs' totals in one scan, as the text columns `active` and `archived` (read with tabCountsOf). */
export function tabCountColumns(
  column: string,
): [AliasedRawBuilder<string, 'active'>, AliasedRawBuilder<string, 'archived'>] {
  const at = sql.ref(column);
  return [
    sql<string>`count(*) filter (where ${at} is null)`.as('active'),
    sql<string>`count(*) filter (where ${at} is not null)`.as('archived'),
  ];
}
