/** Member rows → the Role Manager user DTO. */
import { APP_KEYS, type OrgRole, type OrgUser } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../../platform/isoTime';
import type { MemberRow } from './repository';

/** A member as the users list and editor show it; apps in registry order. */
export function presentOrgUser(row: MemberRow, groups: { id: string; name: string }[]): OrgUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    role: row.role as OrgRole,
    custom_role: row.role_id && row.role_name ? { id: row.role_id, name: row.role_name } : null,
    user_groups: groups,
    assets: [...row.assets],
    apps: APP_KEYS.filter((key) => row.apps.includes(key)),
    last_login: isoOrNull(row.last_login_at),
    date_added: iso(row.created_at),
    archived_at: isoOrNull(row.archived_at),
  };
}
