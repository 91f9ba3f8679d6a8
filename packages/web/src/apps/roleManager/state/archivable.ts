/**
 * An Active/Archived pair of list stores with the moves of spec §4: archiving takes an item out of
 * Active and puts it at the front of Archived (on page 1), unarchiving the reverse, counts follow.
 */
import { createAction } from '@reduxjs/toolkit';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { createListStore, type ItemId } from '../../../ui/listStore';
import { listWithMoves } from './moves';

/** Which of the two lists an item or a page belongs to. */
export type { ArchiveTab };

/** A page the server sent for one tab, with the totals of both tabs. */
export interface TabPageLoaded<T> {
  tab: ArchiveTab;
  page: number;
  items: T[];
  /** Items matching the request (the shown tab's total, search included). */
  total: number;
  counts: { active: number; archived: number };
}

type Builder<T extends { id: ItemId }> = ReturnType<typeof listWithMoves<T>>;

/** Extra rules for either list, for moves that involve a third list (users to invitations). */
export interface ArchivableExtras<T extends { id: ItemId }> {
  active?: (builder: Builder<T>) => Builder<T>;
  archived?: (builder: Builder<T>) => Builder<T>;
}

/** Creates the two list stores of one archivable entity and the actions that move items between them. */
export function createArchivableLists<T extends { id: ItemId }>(
  name: string,
  extras: ArchivableExtras<T> = {},
  pageSize = 10,
) {
  const active = createListStore<T>(`${name}/active`, pageSize);
  const archived = createListStore<T>(`${name}/archived`, pageSize);
  const actions = {
    pageLoaded: createAction<TabPageLoaded<T>>(`${name}/pageLoaded`),
    created: createAction<T>(`${name}/created`),
    updated: createAction<T>(`${name}/updated`),
    archived: createAction<T>(`${name}/archived`),
    unarchived: createAction<T>(`${name}/unarchived`),
    deleted: createAction<{ id: ItemId; tab: ArchiveTab }>(`${name}/deleted`),
  };
  // Each list takes the page meant for it and only the count of the other tab's page.
  const pageFor = (tab: ArchiveTab, store: typeof active) => (p: TabPageLoaded<T>) =>
    p.tab === tab ? store.actions.pageLoaded({ items: p.items, total: p.total, page: p.page }) : undefined;
  const countFor = (tab: ArchiveTab) => (p: TabPageLoaded<T>) => (p.tab === tab ? undefined : p.counts[tab]);

  const activeRules = listWithMoves(active)
    .stepOn(actions.pageLoaded, pageFor('active', active))
    .totalOn(actions.pageLoaded, countFor('active'))
    .insertOn(actions.created, (item) => item)
    .updateOn(actions.updated, (item) => item)
    .removeOn(actions.archived, (item) => item.id)
    .insertOn(actions.unarchived, (item) => item)
    .removeOn(actions.deleted, (d) => (d.tab === 'active' ? d.id : undefined));
  const archivedRules = listWithMoves(archived)
    .stepOn(actions.pageLoaded, pageFor('archived', archived))
    .totalOn(actions.pageLoaded, countFor('archived'))
    .updateOn(actions.updated, (item) => item)
    .insertOn(actions.archived, (item) => item)
    .removeOn(actions.unarchived, (item) => item.id)
    .removeOn(actions.deleted, (d) => (d.tab === 'archived' ? d.id : undefined));
  const activeReducer = (extras.active?.(activeRules) ?? activeRules).reducer();
  const archivedReducer = (extras.archived?.(archivedRules) ?? archivedRules).reducer();

  return {
    active,
    archived,
    actions,
    /** Both lists' reducers, keyed by tab, ready for combineReducers. */
    reducers: { active: activeReducer, archived: archivedReducer },
  };
}
