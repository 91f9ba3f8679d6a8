/**
 * The bridge between RTK Query and the tenant list stores: the query's args come from the store (tab,
 * page, page size) and every answer, refetches included, is written back with one action.
 */
import type { Organization, OrgRequestDetail } from '@ferrite/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiProblem } from '../../app/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ListState } from '../../ui/listStore';
import { useListOrganizationsQuery } from './api/organizationsApi';
import { useListOrgRequestsQuery } from './api/requestsApi';
import { orgPageChanged, orgsLoaded, requestPageChanged, requestsLoaded, selectTenant } from './store';

export interface SyncedList<T> {
  list: ListState<T>;
  /** No answer for the current args yet: show skeleton rows rather than the previous tab's rows. */
  loading: boolean;
  error: ApiProblem | undefined;
  refetch: () => void;
  search: string;
  setSearch: (text: string) => void;
}

/** The last page that still has rows, when a move (archive, approve) emptied the one shown. */
function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The organization list of the current tab, kept in the store. */
export function useOrganizationsList(): SyncedList<Organization> {
  const dispatch = useAppDispatch();
  const { organizations: list, orgTab } = useAppSelector(selectTenant);
  const [search, setSearchText] = useState('');
  const query = useListOrganizationsQuery({ tab: orgTab, page: list.page, pageSize: list.pageSize, search });
  const { currentData, fulfilledTimeStamp } = query;

  useEffect(() => {
    // fulfilledTimeStamp moves on every answer, so a refetch that changed nothing still undoes a
    // failed optimistic move (RTK Query hands back the same object for the same data).
    if (!currentData || !fulfilledTimeStamp) return;
    const { organizations: items, total_entries: total, counts } = currentData;
    dispatch(orgsLoaded({ items, total, counts }));
    if (items.length === 0 && total > 0 && list.page > 1)
      dispatch(orgPageChanged(lastPage(total, list.pageSize)));
  }, [currentData, fulfilledTimeStamp, dispatch, list.page, list.pageSize]);

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      dispatch(orgPageChanged(1));
    },
    [dispatch],
  );

  return {
    list,
    loading: !currentData && query.isFetching,
    error: currentData ? undefined : (query.error as ApiProblem | undefined),
    refetch: query.refetch,
    search,
    setSearch,
  };
}

/** The request list of the current status tab, kept in the store. */
export function useRequestsList(): SyncedList<OrgRequestDetail> {
  const dispatch = useAppDispatch();
  const { requests: list, requestTab } = useAppSelector(selectTenant);
  const [search, setSearchText] = useState('');
  const query = useListOrgRequestsQuery({
    status: requestTab,
    page: list.page,
    pageSize: list.pageSize,
    search,
  });
  const { currentData, fulfilledTimeStamp } = query;

  useEffect(() => {
    if (!currentData || !fulfilledTimeStamp) return;
    const { requests: items, total_entries: total, counts } = currentData;
    dispatch(requestsLoaded({ items, total, counts }));
    if (items.length === 0 && total > 0 && list.page > 1) {
      dispatch(requestPageChanged(lastPage(total, list.pageSize)));
    }
  }, [currentData, fulfilledTimeStamp, dispatch, list.page, list.pageSize]);

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      dispatch(requestPageChanged(1));
    },
    [dispatch],
  );

  return {
    list,
    loading: !currentData && query.isFetching,
    error: currentData ? undefined : (query.error as ApiProblem | undefined),
    refetch: query.refetch,
    search,
    setSearch,
  };
}
