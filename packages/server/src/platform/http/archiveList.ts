/**
 * The one Active/Archived list use case (projects, user groups, dashboards, gateways, the Tenant
 * Manager's organizations): a tab of a collection, searched and paged, answered with both tabs'
 * totals; its SQL pieces are platform/db/archiveTabs.ts. The contracts give the query
 * (`pageQuerySchema` with `is_archived: archivedFlagSchema`) and the answer (`{ <items>, total_entries,
 * counts }`); a module gives where a tab's rows come from and how a row is presented.
 */
import type { pageQuerySchema, TabCounts } from '@ferrite/contracts';
import type { z } from 'zod';
import type { ArchivePage, ArchiveTab } from '../db/archiveTabs';
import { pageWindow, searchPattern } from './paging';

/** An Active/Archived list's query once the contracts' schema checked it. */
export type ArchiveListQuery = z.output<typeof pageQuerySchema> & { is_archived: boolean };

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
