/**
 * Small hooks every IoT Manager view uses: the org of the session, the caller's permissions, and
 * running a write with the server's message as the toast when it fails (spec §8).
 */
import type { Permission } from '@ferrite/contracts';
import { useCallback, useEffect } from 'react';
import type { ApiProblem } from '../../app/baseQuery';
import { notifyError, notifySuccess } from '../../session/notify';
import { useGetMeQuery } from '../../workspace/profileApi';

/** The signed-in organization's id ('' until GET /me answers, so queries can skip). */
export function useOrgId(): string {
  return useGetMeQuery().data?.org.id ?? '';
}

/** The IoT Manager actions a user group can allow. */
export type IotAction = 'view' | 'manageGateways' | 'actuate' | 'manageFirmware' | 'deleteLogs';

/**
 * Whether the caller may do an IoT Manager action: from a list's `abilities` when one is given
 * (the server's answer for this list), else from GET /me. The server refuses anyway; this hides buttons.
 */
export function useCan(abilities?: readonly string[]): (action: IotAction) => boolean {
  const permissions = useGetMeQuery().data?.abilities.permissions;
  return useCallback(
    (action: IotAction) => {
      const permission: Permission = `iotManager.${action}`;
      return (abilities ?? permissions ?? []).includes(permission);
    },
    [abilities, permissions],
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

/**
 * Spec §8: a gateway that fails to load shows an error notification with the server's message. Toasts
 * once per failed answer (the screen shows the problem in place too).
 */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) notifyProblem(error);
  }, [error]);
}
