/** Small helpers the Role Manager lists and editors share: paging, search patterns, field problems. */
import { APPS, type AppKey, type FieldError, PLATFORM_ADMIN_APPS } from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/http/authContext';
import { problems } from '../../platform/http/problem';

/** The Role Manager prefix of spec §7 style calls. */
export const ROLE_MGMT_PREFIX = '/role_mgmt/orgs/:orgId';

/** Limit and offset for a 1-based page. */
export function pageWindow(query: { page_number: number; page_size: number }): {
  limit: number;
  offset: number;
} {
  return { limit: query.page_size, offset: (query.page_number - 1) * query.page_size };
}

/** An ILIKE pattern matching the text anywhere, with LIKE wildcards in the text taken literally. */
export function searchPattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A 400 listing every bad field, with the same detail shape as schema validation errors. */
export function invalidFields(errors: FieldError[]) {
  return problems.badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** Throws a 400 when any field failed a check. */
export function assertNoFieldErrors(errors: FieldError[]): void {
  if (errors.length > 0) throw invalidFields(errors);
}

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

/** The ISO text of a timestamp column, or null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** The ISO text of a timestamp column. */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * Checks people named in a body: each must be an active member of the organization, unless they were
 * already attached (so editing a project's name never fails because a long-standing member left).
 */
export function memberFieldErrors(
  path: string,
  ids: readonly string[],
  activeMemberIds: ReadonlySet<string>,
  alreadyAttached: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (!activeMemberIds.has(id) && !alreadyAttached.has(id)) {
      errors.push({ path: `${path}.${index}`, message: 'Not an active member of this organization' });
    }
  });
  return errors;
}

/** Who is writing: the organization comes from the token, never from the request. */
export interface Actor {
  orgId: string;
  userId: string;
}

/** The fields every Role Manager activity entry about one entity shares. */
export function activityBase(actor: Actor, entityType: 'project' | 'user_group' | 'role', entityId: string) {
  return {
    orgId: actor.orgId,
    actorId: actor.userId,
    app: 'roleManager' as const,
    entityType,
    entityId,
  };
}

/** The writer of a governed request. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { orgId: auth.orgId, userId: auth.userId };
}
