/**
 * The SQL of Active/Archived tabs (platform/http/archiveList.ts is their use case): a row is in the
 * Archived tab when its `archived_at` is set, in the Active tab otherwise.
 */
import type { TabCounts } from '@ferrite/contracts';
import { type AliasedRawBuilder, type RawBuilder, sql } from 'kysely';

/** What a tab's rows are read with: which tab, the search as an ILIKE pattern, the page window. */
export interface ArchiveTab {
  archived: boolean;
  /** `searchPattern` of the search text: null when there is none. */
  pattern: string | null;
  limit: number;
  offset: number;
}

/** A tab's page as a repository reads it: its rows, how many match the tab and search, both totals. */
export interface ArchivePage<Row> {
  rows: Row[];
  total: number;
  counts: TabCounts;
}

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

/** Tab totals from the counts the database answers as text (bigint) or numbers. */
export function tabCountsOf(row: {
  active: string | number | bigint;
  archived: string | number | bigint;
}): TabCounts {
  return { active: Number(row.active), archived: Number(row.archived) };
}
