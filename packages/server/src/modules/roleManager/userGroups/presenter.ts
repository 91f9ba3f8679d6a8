/** User group row → contract DTO. */
import { APP_KEYS, type UserGroup } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../../platform/isoTime';
import type { UserGroupRow } from './repository';

/** A group as the API answers it; apps in registry order. */
export function presentUserGroup(row: UserGroupRow, memberIds: readonly string[]): UserGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    apps: APP_KEYS.filter((key) => row.apps.includes(key)),
    permissions: [...row.permissions].sort(),
    member_count: memberIds.length,
    member_ids: [...memberIds],
    created_at: iso(row.created_at),
    archived_at: isoOrNull(row.archived_at),
  };
}
