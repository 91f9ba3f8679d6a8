/**
 * The one Active/Archived list use case (projects, user groups, dashboards, gateways): a tab of a
 * collection, searched and paged, answered with both tabs' totals. The contracts give the query
 * (`pageQuerySchema` with `is_archived: archivedFlagSchema`) and the answer (`{ <items>, total_entries,
 * counts }`); a module gives where a tab's rows come from and how a row is presented.
 */
import type { pageQuerySchema, TabCounts } from '@ferrite/contracts';
import type { z } from 'zod';
import { pageWindow, searchPattern } from './paging';

/** An Active/Archived list's query once the contracts' schema checked it. */
export type ArchiveListQuery = z.output<typeof pageQuerySchema> & { is_archived: boolean };

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

/** The answer of every Active/Archived list, under the list's own key (`projects`, `gateways`…). */
export type ArchiveListAnswer<Key extends string, Item> = { [K in Key]: Item[] } & {
  total_entries: number;
  counts: TabCounts;
};

/** The tab a query asks for. */
export function archiveTab(query: ArchiveListQuery): ArchiveTab {
  return { archived: query.is_archived, pattern: searchPattern(query.search), ...pageWindow(query) };
}

/** A page read as three statements at once: the rows, how many match, both tab totals. */
export async function pageOfParts<Row>(
  rows: Promise<Row[]>,
  total: Promise<number>,
  counts: Promise<TabCounts>,
): Promise<ArchivePage<Row>> {
  const [pageRows, matching, tabs] = await Promise.all([rows, total, counts]);
  return { rows: pageRows, total: matching, counts: tabs };
}

/** Tab totals from counts the database answers as text (bigint) or numbers. */
export function tabCountsOf(row: {
  active: string | number | bigint;
  archived: string | number | bigint;
}): TabCounts {
  return { active: Number(row.active), archived: Number(row.archived) };
}

/**
 * One page of the tab the query names, presented under the list's key, with how many match the tab
 * and search (`total_entries`) and both tabs' totals (`counts`, search ignored).
 */
export async function archiveList<Key extends string, Row, Item>(
  key: Key,
  query: ArchiveListQuery,
  read: (tab: ArchiveTab) => Promise<ArchivePage<Row>>,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<ArchiveListAnswer<Key, Item>> {
  const page = await read(archiveTab(query));
  const items = await present(page.rows);
  return { [key]: items, total_entries: page.total, counts: page.counts } as ArchiveListAnswer<Key, Item>;
}
