/** Test-only builders of Role Manager records with just enough fields set. */
import type { Invitation, OrgUser, Project } from '@ferrite/contracts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A member of the organization (active unless `archived_at` is given). */
export function orgUser(n: number, extra: Partial<OrgUser> = {}): OrgUser {
  return {
    id: uuid(n),
    name: `User ${n}`,
    email: `user${n}@example.com`,
    phone: null,
    avatar: 9,
    role: 'member',
    custom_role: null,
    user_groups: [],
    assets: [],
    apps: [],
    last_login: null,
    date_added: '2026-01-01T00:00:00.000Z',
    archived_at: null,
    ...extra,
  };
}

/** A pending invitation. */
export function invitation(n: number, extra: Partial<Invitation> = {}): Invitation {
  return {
    id: uuid(1000 + n),
    email: `invitee${n}@example.com`,
    name: '',
    role: 'member',
    kind: 'set-password',
    status: 'pending',
    user_groups: [],
    invited_by: null,
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-08T00:00:00.000Z',
    ...extra,
  };
}

/** A project (active unless `archived_at` is given). */
export function project(n: number, extra: Partial<Project> = {}): Project {
  return {
    id: uuid(2000 + n),
    name: `Project ${n}`,
    description: '',
    manager: null,
    members: [],
    metadata: [],
    location: { address: '', latitude: null, longitude: null },
    created_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    archived_at: null,
    ...extra,
  };
}
