/** What the Entity Manager's types, entities and hierarchy share: prefix, params, paging, wording, errors. */
import { type EntityKind, uuidParam } from '@ferrite/contracts';
import { z } from 'zod';
import { activityBaseOf } from '../../platform/audit/activity';

// Shared with every module; re-exported so this module's files keep one import.
export { type Actor, actorOf } from '../../platform/http/actor';
export { pageWindow, searchPattern } from '../../platform/http/paging';
export { assertNoFieldErrors } from '../../platform/http/problem';

/** The fields every Entity Manager activity entry about one thing shares. */
export const activityBase = activityBaseOf<EntityKind | 'asset_type' | 'sensor_type' | 'project'>(
  'entityManager',
);

/** The Entity Manager's API prefix (spec §7 style: /<app>_mgmt/orgs/{orgId}). */
export const ENTITY_MGMT_PREFIX = '/entity_mgmt/orgs/:orgId';

export const projectParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  projectId: uuidParam('projectId'),
});
export const projectItemParamsSchema = projectParamsSchema.extend({ id: uuidParam('id') });

/** The words a message uses for each kind. */
export const KIND_WORDS: Record<EntityKind, { one: string; many: string; title: string }> = {
  asset: { one: 'asset', many: 'assets', title: 'Asset' },
  sensor: { one: 'sensor', many: 'sensors', title: 'Sensor' },
};

/** '1 asset' or '3 assets'. */
export function counted(count: number, kind: EntityKind | { one: string; many: string }): string {
  const words = typeof kind === 'string' ? KIND_WORDS[kind] : kind;
  return `${count.toLocaleString('en-US')} ${count === 1 ? words.one : words.many}`;
}

/** 'Press 1, Press 2, Boiler' or, past five names, 'A, B, C, D, E and 4 more'. */
export function nameSome(total: number, firstNames: readonly string[], shown = 5): string {
  const names = firstNames.slice(0, shown);
  const rest = total - names.length;
  return rest > 0 ? `${names.join(', ')} and ${rest} more` : names.join(', ');
}

/**
 * Sibling order everywhere in the Entity Manager: name with ASCII letters folded, then name, then id.
 * The SQL twin is `lower(name collate "C"), name collate "C", id` (see SIBLING_ORDER_SQL), so lists
 * and trees agree on every engine whatever its default collation.
 */
export function nameSortKey(name: string): string {
  return /[A-Z]/.test(name) ? name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : name;
}

/** Compares two rows in sibling order; `key` is nameSortKey(name), computed once per row. */
export function compareSiblings(
  a: { key: string; name: string; id: string },
  b: { key: string; name: string; id: string },
): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
