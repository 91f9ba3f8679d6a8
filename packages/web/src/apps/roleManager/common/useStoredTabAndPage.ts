/**
 * The tab and pages of the Role Manager's Active/Archived lists of projects and user groups. They live
 * in its store, so they outlive the section, and each tab keeps its own page (the list stores' moves
 * need to know which page is held).
 */
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { StoredTabAndPage } from '../../../ui/useListPageState';
import type { ArchiveTab } from '../state/archivable';
import { projects, userGroups } from '../state/lists';
import { groupsTabChanged, projectsTabChanged } from '../state/view';

const LISTS = {
  projects: { stores: projects, tabKey: 'projectsTab', tabChanged: projectsTabChanged },
  userGroups: { stores: userGroups, tabKey: 'groupsTab', tabChanged: groupsTabChanged },
} as const;

/** The stored tab and pages of one list, for useListPageState. */
export function useStoredTabAndPage(list: keyof typeof LISTS): StoredTabAndPage<ArchiveTab> {
  const dispatch = useAppDispatch();
  const { stores, tabKey, tabChanged } = LISTS[list];
  const tab = useAppSelector((state) => state.roleManager.view[tabKey]);
  const page = useAppSelector((state) => state.roleManager.lists[list][tab].page);
  return {
    tab,
    page,
    showTab: (next) => dispatch(tabChanged(next)),
    setPage: (next) => dispatch(stores[tab].actions.setPage(next)),
    resetPages: () => {
      dispatch(stores.active.actions.setPage(1));
      dispatch(stores.archived.actions.setPage(1));
    },
  };
}
