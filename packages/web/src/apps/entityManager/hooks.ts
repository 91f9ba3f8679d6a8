/**
 * Small hooks every Entity Manager view uses: the org of the session, the caller's permissions, error
 * toasts, and the bridges between RTK Query and the list stores (the query's args come from the store;
 * every answer, refetches included, is written back with one action).
 */
import type { Entity, EntityKind, EntityType, Permission } from '@ferrite/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiProblem } from '../../app/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notifyError, notifySuccess } from '../../session/notify';
import type { ListState } from '../../ui/listStore';
import { useGetMeQuery } from '../../workspace/profileApi';
import { useListEntitiesQuery } from './api/entitiesApi';
import { useListEntityTypesQuery } from './api/typesApi';
import {
  entitiesLoaded,
  entityPageChanged,
  selectEntityManager,
  typePageChanged,
  typesLoaded,
} from './store';

/** The signed-in organization's id ('' until GET /me answers, so queries can skip). */
export function useOrgId(): string {
  return useGetMeQuery().data?.org.id ?? '';
}

/** Whether the caller holds a permission (from GET /me); the server refuses anyway, this hides buttons. */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useGetMeQuery().data?.abilities.permissions;
  return useCallback((permission: Permission) => permissions?.includes(permission) ?? false, [permissions]);
}

/** The permission that writes entities of a kind. */
export const MANAGE_KIND: Record<EntityKind, Permission> = {
  asset: 'entityManager.manageAssets',
  sensor: 'entityManager.manageSensors',
};

/** The error of an RTK Query call as the server's problem body. */
export function problemOf(error: unknown): ApiProblem {
  if (error && typeof error === 'object' && 'title' in error) return error as ApiProblem;
  return { title: 'Something went wrong', detail: '', status: 0 };
}

/**
 * Runs a mutation (unwrapped), toasting success or the server's problem; resolves whether it worked.
 * A 5xx already got the client's "consult with your admin" toast, so it is not toasted twice.
 */
export async function runAction(action: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await action();
    if (success) notifySuccess(success);
    return true;
  } catch (error) {
    const problem = problemOf(error);
    if (problem.status < 500) notifyError(problem.title, problem.detail || undefined);
    return false;
  }
}

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
