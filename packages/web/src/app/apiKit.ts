/**
 * What every app's API shares (each app's `api/apiBase.ts` adds its own URLs and cache tags): the
 * argument shapes, the paging params of the list routes and the helpers endpoints await in
 * `onQueryStarted`.
 */
import type { FerriteExtraOptions } from './baseQuery';

/** Every call of an organization's app names the signed-in organization. */
export interface OrgArg {
  orgId: string;
}

/** One page of a list, with optional search text. */
export interface PageArg {
  page: number;
  pageSize: number;
  search?: string;
}

/** page_number, page_size and search (dropped when blank), plus any extra params of the route. */
export function pageParams(arg: PageArg, extra: Record<string, string | undefined> = {}) {
  return {
    page_number: arg.page,
    page_size: arg.pageSize,
    search: arg.search?.trim() || undefined,
    ...extra,
  };
}

/**
 * For calls whose 403 means "this member may not", not "signed out" (another app's route, a platform
 * admin's): the view shows it and the session goes on.
 */
export const OWN_403: FerriteExtraOptions = { skipForbiddenRedirect: true };

/** The response of a finished call, or null when it failed (the view reports the failure). */
export async function dataOf<T>(pending: Promise<{ data: T }>): Promise<T | null> {
  return pending.then(
    (result) => result.data,
    () => null,
  );
}

/** True when a call without a body (DELETE) succeeded. */
export async function succeeded(pending: Promise<unknown>): Promise<boolean> {
  return pending.then(
    () => true,
    () => false,
  );
}
