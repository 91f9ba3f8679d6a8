/**
 * What an Active/Archived list page keeps while it is shown: the tab, the page and the search text,
 * with the rules every such page follows. A new search starts again from the first page. Another tab
 * starts from the first page too, unless a store keeps each tab on its own page (the Role Manager's
 * lists, whose tab and pages outlive the section).
 */
import { useState } from 'react';

/** Tab and pages kept in a store instead of the page: each tab on its own page. */
export interface StoredTabAndPage<Tab extends string> {
  tab: Tab;
  /** The shown tab's page. */
  page: number;
  showTab: (tab: Tab) => void;
  /** Turns the shown tab's page. */
  setPage: (page: number) => void;
  /** Every tab back to its first page. */
  resetPages: () => void;
}

/** Where the tab and page live: in the page (the tab it opens on, and its first page number), or in a store. */
export type ListPageStateOptions<Tab extends string> =
  | { initialTab: Tab; firstPage?: number }
  | { stored: StoredTabAndPage<Tab> };

export interface ListPageState<Tab extends string> {
  tab: Tab;
  page: number;
  /** The settled, trimmed search text ('' for none). */
  search: string;
  setPage: (page: number) => void;
  /** ListPage's onTabChange: the value is one of the tabs it was given. */
  onTabChange: (value: string) => void;
  /** ListPage's onSearch. */
  onSearch: (text: string) => void;
}

/** The tab, page and search of a list page, with a new tab or search going back to the first page. */
export function useListPageState<Tab extends string>(options: ListPageStateOptions<Tab>): ListPageState<Tab> {
  const stored = 'stored' in options ? options.stored : undefined;
  const firstPage = 'firstPage' in options ? (options.firstPage ?? 1) : 1;
  const [ownTab, setOwnTab] = useState<Tab>(
    'initialTab' in options ? options.initialTab : options.stored.tab,
  );
  const [ownPage, setOwnPage] = useState(firstPage);
  const [search, setSearch] = useState('');

  if (stored) {
    return {
      tab: stored.tab,
      page: stored.page,
      search,
      setPage: stored.setPage,
      onTabChange: (value) => stored.showTab(value as Tab),
      onSearch: (text) => {
        setSearch(text);
        stored.resetPages();
      },
    };
  }
  return {
    tab: ownTab,
    page: ownPage,
    search,
    setPage: setOwnPage,
    onTabChange: (value) => {
      setOwnTab(value as Tab);
      setOwnPage(firstPage);
    },
    onSearch: (text) => {
      setSearch(text);
      setOwnPage(firstPage);
    },
  };
}
