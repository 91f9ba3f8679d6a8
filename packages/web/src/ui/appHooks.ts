/**
 * Hooks and helpers every app's views share: the organization of the session, the caller's rights in
 * one app, and running a write with the server's message as the toast when it fails (spec §8).
 * Each app's hooks.ts re-exports these and binds `useAppCan` to its own actions.
 */
import type { AppAction, AppKey, Permission } from '@ferrite/contracts';
import { useCallback, useEffect } from 'react';
import type { ApiProblem } from '../app/baseQuery';
import { notifyError, notifySuccess } from '../session/notify';
import { useGetMeQuery } from '../workspace/profileApi';

/** The signed-in organization's id ('' until GET /me answers, so queries can skip). */
export function useOrgId(): string {
  return useGetMeQuery().data?.org.id ?? '';
}

/**
 * Whether the caller may do an action of `app`: from a list's `abilities` when one is given (the
 * server's answer for that list), else from GET /me. The server refuses anyway; this hides buttons.
 */
export function useAppCan<K extends AppKey>(
  app: K,
  abilities?: readonly string[],
): (action: AppAction<K>) => boolean {
  const permissions = useGetMeQuery().data?.abilities.permissions;
  return useCallback(
    (action: AppAction<K>) => (abilities ?? permissions ?? []).includes(`${app}.${action}` as Permission),
    [app, abilities, permissions],
  );
}

/** The error of an RTK Query call as the server's problem body. */
export function problemOf(error: unknown): ApiProblem {
  if (error && typeof error === 'object' && 'title' in error) return error as ApiProblem;
  return { title: 'Something went wrong', detail: '', status: 0 };
}

/** Toasts a failed call with the server's message; a 5xx already got the client's own toast. */
export function notifyProblem(error: unknown): void {
  const problem = problemOf(error);
  if (problem.status < 500) notifyError(problem.title, problem.detail || undefined);
}

/** Runs a mutation (unwrapped), toasting success or the server's problem; resolves whether it worked. */
export async function runAction(action: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await action();
    if (success) notifySuccess(success);
    return true;
  } catch (error) {
    notifyProblem(error);
    return false;
  }
}

/** The server's 400 field errors ({path: 'body.name', message}) by path without the 'body.' prefix. */
export function fieldErrorsOf(problem: ApiProblem | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of problem?.errors ?? []) {
    const path = error.path.replace(/^body\.?/, '');
    errors[path] ??= error.message;
  }
  return errors;
}

/** Toasts once per failed answer (the screen shows the problem in place too). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) notifyProblem(error);
  }, [error]);
}
