/** Small helpers the Role Manager lists and editors share: paging, search patterns, field problems. */
import { APPS, type AppKey, PLATFORM_ADMIN_APPS } from '@ferrite/contracts';
import { activityBaseOf } from '../../platform/audit/activity';

// Shared with every module; re-exported so this module's files keep one import.
export { type Actor, actorOf } from '../../platform/http/actor';
export { pageWindow, searchPattern } from '../../platform/http/paging';
export { assertNoFieldErrors, invalidFields } from '../../platform/http/problem';

/** The Role Manager prefix of spec §7 style calls. */
export const ROLE_MGMT_PREFIX = '/role_mgmt/orgs/:orgId';

/**
 * Why an app cannot be granted in this organization, or null when it can: it must be one of the
 * organization's apps, and platform-only apps are never granted by groups or roles.
 */
export function appGrantError(app: AppKey, orgApps: readonly string[]): string | null {
  const title = APPS[app].title;
  if (PLATFORM_ADMIN_APPS.includes(app)) return `${title} (${app}) is reserved for platform admins`;
  if (!orgApps.includes(app)) return `${title} (${app}) is not one of this organization's apps`;
  return null;
}

/** Ids in order of first appearance, without repeats. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The fields every Role Manager activity entry about one entity shares. */
export const activityBase = activityBaseOf<'user_group' | 'role'>('roleManager');
