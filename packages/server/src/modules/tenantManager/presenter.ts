/** Organization and sign-up request rows → Tenant Manager DTOs. */
import { APP_KEYS, DEFAULT_ORG_LIMITS, type Organization, type OrgRequestDetail } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../platform/isoTime';
import type { OrgAdmin, OrgListRow, OrgRequestRow } from './repository';

/** An organization as the Tenant Manager shows it; apps in registry order. */
export function presentOrganization(row: OrgListRow, admin: OrgAdmin | null): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    apps: APP_KEYS.filter((key) => row.apps.includes(key)),
    limits: { ...DEFAULT_ORG_LIMITS, ...(row.limits ?? {}) },
    user_count: row.user_count,
    admin,
    created_at: iso(row.created_at),
    archived_at: isoOrNull(row.archived_at),
  };
}

/** A sign-up request with its requester and decision. */
export function presentOrgRequestDetail(row: OrgRequestRow): OrgRequestDetail {
  return {
    id: row.id,
    organization_name: row.organization_name,
    slug: row.slug,
    status: row.status as OrgRequestDetail['status'],
    reason: row.reason,
    requester: { id: row.user_id, name: row.requester_name, email: row.requester_email },
    org_id: row.org_id,
    created_at: iso(row.created_at),
    decided_at: isoOrNull(row.decided_at),
  };
}
