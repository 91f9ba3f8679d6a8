/** Rows → auth DTOs of the contracts. */
import type { OrgRole, OrgSummary, UserSummary } from '@ferrite/contracts';

interface UserRow {
  id: string;
  name: string;
  email: string;
  avatar: number;
  is_platform_admin: boolean;
}

/** The public summary of a user. */
export function presentUserSummary(user: UserRow): UserSummary {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    is_platform_admin: user.is_platform_admin,
  };
}

/** The summary of an organization the user belongs to. */
export function presentOrgSummary(org: { id: string; name: string; slug: string; role: string }): OrgSummary {
  return { id: org.id, name: org.name, slug: org.slug, role: org.role as OrgRole };
}

/** A sign-up request as the requester sees it. */
export function presentOrgRequest(request: {
  id: string;
  organization_name: string;
  slug: string;
  status: string;
  created_at: Date;
}) {
  return {
    id: request.id,
    organization_name: request.organization_name,
    slug: request.slug,
    status: request.status as 'pending' | 'approved' | 'rejected',
    created_at: request.created_at.toISOString(),
  };
}
