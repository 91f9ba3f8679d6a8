/**
 * Small hooks every Entity Manager view uses (ui/appHooks.ts), with the caller's Entity Manager rights,
 * and the bridges between RTK Query and the list stores (the query's args come from the store; every
 * answer, refetches included, is written back with one action).
 */
import type { AppAction, Entity, EntityKind, EntityType } from '@ferrite/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiProblem } from '../../app/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useAppCan, useOrgId } from '../../ui/appHooks';
import type { ListState } from '../../ui/listStore';
import { useListEntitiesQuery } from './api/entitiesApi';
import { useListEntityTypesQuery } from './api/typesApi';
import {
  entitiesLoaded,
  entityPageChanged,
  selectEntityManager,
  typePageChanged,
  typesLoaded,
} from './store';

export { problemOf, runAction, useOrgId } from '../../ui/appHooks';

/** The Entity Manager actions a user group can allow (the contracts' catalogue). */
export type EntityManagerAction = AppAction<'entityManager'>;

/** Whether the caller may do an Entity Manager action (GET /me; the server refuses anyway). */
export function useCan(): (action: EntityManagerAction) => boolean {
  return useAppCan('entityManager');
}

/** The action that writes entities of a kind. */
export const MANAGE_KIND: Record<EntityKind, EntityManagerAction> = {
  asset: 'manageAssets',
  sensor: 'manageSensors',
};

export interface SyncedList<T> {
  list: ListState<T>;
  /** No answer for the current args yet: skeleton rows, not the previous page's rows. */
  loading: boolean;
  error: ApiProblem | undefined;
  refetch: () => void;
  search: string;
  setSearch: (text: string) => void;
  setPage: (page: number) => void;
}

/** The last page that still has rows, when a delete emptied the one shown. */
const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The type list of a kind, kept in its list store. */
export function useTypesList(kind: EntityKind): SyncedList<EntityType> {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const list = useAppSelector(
    (state) => selectEntityManager(state)[kind === 'asset' ? 'assetTypes' : 'sensorTypes'],
  );
  const [search, setSearchText] = useState('');
  const query = useListEntityTypesQuery(
    { orgId, kind, page: list.page, pageSize: list.pageSize, search },
    { skip: !orgId },
  );
  const { currentData, fulfilledTimeStamp } = query;
  useEffect(() => {
    if (!currentData || !fulfilledTimeStamp) return;
    dispatch(typesLoaded({ kind, items: currentData.types, total: currentData.total_entries }));
    if (currentData.types.length === 0 && currentData.total_entries > 0 && list.page > 1) {
      dispatch(typePageChanged({ kind, page: lastPage(currentData.total_entries, list.pageSize) }));
    }
  }, [currentData, fulfilledTimeStamp, dispatch, kind, list.page, list.pageSize]);

  const setPage = useCallback((page: number) => dispatch(typePageChanged({ kind, page })), [dispatch, kind]);
  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    [setPage],
  );
  return {
    list,
    loading: !currentData && (query.isFetching || !orgId),
    error: currentData ? undefined : (query.error as ApiProblem | undefined),
    refetch: query.refetch,
    search,
    setSearch,
    setPage,
  };
}

/** A project's assets or sensors, kept in the kind's list store. */
export function useEntityList(kind: EntityKind, projectId: string): SyncedList<Entity> {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const list = useAppSelector((state) => selectEntityManager(state)[kind === 'asset' ? 'assets' : 'sensors']);
  const [search, setSearchText] = useState('');
  const query = useListEntitiesQuery(
    { orgId, projectId, kind, page: list.page, pageSize: list.pageSize, search },
    { skip: !orgId },
  );
  const { currentData, fulfilledTimeStamp } = query;
  useEffect(() => {
    if (!currentData || !fulfilledTimeStamp) return;
    dispatch(entitiesLoaded({ kind, items: currentData.entities, total: currentData.total_entries }));
    if (currentData.entities.length === 0 && currentData.total_entries > 0 && list.page > 1) {
      dispatch(entityPageChanged({ kind, page: lastPage(currentData.total_entries, list.pageSize) }));
    }
  }, [currentData, fulfilledTimeStamp, dispatch, kind, list.page, list.pageSize]);

  const setPage = useCallback(
    (page: number) => dispatch(entityPageChanged({ kind, page })),
    [dispatch, kind],
  );
  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    [setPage],
  );
  return {
    list,
    loading: !currentData && (query.isFetching || !orgId),
    error: currentData ? undefined : (query.error as ApiProblem | undefined),
    refetch: query.refetch,
    search,
    setSearch,
    setPage,
  };
}
