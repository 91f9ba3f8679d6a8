/** Role row → contract DTO. */
import type { Role } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { RoleRow } from './repository';

/** A role as the API answers it. */
export function presentRole(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: [...row.permissions].sort(),
    user_count: row.user_count,
    created_at: iso(row.created_at),
  };
}
