/**
 * Small hooks every Role Manager view uses (ui/appHooks.ts), with the caller's Role Manager rights, the
 * apps they may grant and error toasts.
 */
import { type AppAction, type AppKey, PLATFORM_ADMIN_APPS } from '@ferrite/contracts';
import { useMemo } from 'react';
import { toProblem } from '../../app/baseQuery';
import { notifyError, notifySuccess } from '../../session/notify';
import { useAppCan } from '../../ui/appHooks';
import { useGetMeQuery } from '../../workspace/profileApi';

export { useOrgId } from '../../ui/appHooks';

/** The apps a group, role or user can be given: the organization's, minus platform-only ones. */
export function useGrantableApps(): AppKey[] {
  const apps = useGetMeQuery().data?.org.apps;
  return useMemo(() => (apps ?? []).filter((app) => !PLATFORM_ADMIN_APPS.includes(app)), [apps]);
}

/** The Role Manager actions a user group can allow (the contracts' catalogue). */
export type RoleManagerAction = AppAction<'roleManager'>;

/** Whether the caller may do a Role Manager action (GET /me; the server refuses anyway). */
export function useCan(): (action: RoleManagerAction) => boolean {
  return useAppCan('roleManager');
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
