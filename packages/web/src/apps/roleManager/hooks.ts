/** Small hooks every Role Manager view uses: the org of the session, the caller's abilities, error toasts. */
import { type AppKey, type Permission, PLATFORM_ADMIN_APPS } from '@ferrite/contracts';
import { useCallback, useMemo } from 'react';
import { toProblem } from '../../app/baseQuery';
import { notifyError, notifySuccess } from '../../session/notify';
import { useGetMeQuery } from '../../workspace/profileApi';

/** The signed-in organization's id ('' until GET /me answers, so queries can skip). */
export function useOrgId(): string {
  return useGetMeQuery().data?.org.id ?? '';
}

/** The apps a group, role or user can be given: the organization's, minus platform-only ones. */
export function useGrantableApps(): AppKey[] {
  const apps = useGetMeQuery().data?.org.apps;
  return useMemo(() => (apps ?? []).filter((app) => !PLATFORM_ADMIN_APPS.includes(app)), [apps]);
}

/** Whether the caller holds a permission, from GET /me (the server refuses anyway; this hides the button). */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useGetMeQuery().data?.abilities.permissions;
  return useCallback((permission: Permission) => permissions?.includes(permission) ?? false, [permissions]);
}

/** Whether the caller is an admin of the organization (only admins make admins, the server says). */
export function useIsOrgAdmin(): boolean {
  return useGetMeQuery().data?.org.role === 'admin';
}

/** The error of an RTK Query call as the server's problem body. */
export function problemOf(error: unknown): { title: string; detail?: string } {
  if (error && typeof error === 'object' && 'title' in error) {
    const { title, detail } = error as { title: string; detail?: string };
    return { title, detail };
  }
  if (error && typeof error === 'object' && 'status' in error) {
    return toProblem(error as Parameters<typeof toProblem>[0]);
  }
  return { title: 'Something went wrong' };
}

/**
 * Runs a mutation, toasting success or the server's problem; resolves whether it worked. 5xx already
 * got the client's "consult with your admin" toast, so they are not toasted twice.
 */
export async function runAction(action: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await action();
    if (success) notifySuccess(success);
    return true;
  } catch (error) {
    const problem = problemOf(error);
    const status = (error as { status?: unknown })?.status;
    if (!(typeof status === 'number' && status >= 500))
      notifyError(problem.title, problem.detail || undefined);
    return false;
  }
}
