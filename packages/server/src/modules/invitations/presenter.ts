/** Invitation rows → the Role Manager invitation DTO. */
import type { Invitation, OrgRole } from '@ferrite/contracts';
import { iso } from '../../platform/isoTime';
import type { InvitationRow, InvitationStatus } from './repository';

/** Where an invitation stands now: accepted and revoked are final; an open one past its expiry is expired. */
export function invitationStatus(
  row: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date },
  now = new Date(),
): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** An invitation as the Invites tab shows it; groups deleted since it was sent are left out. */
export function presentInvitation(row: InvitationRow, groupNames: ReadonlyMap<string, string>): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as OrgRole,
    kind: row.kind as Invitation['kind'],
    status: invitationStatus(row),
    user_groups: row.group_ids.flatMap((id) => {
      const name = groupNames.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    invited_by:
      row.invited_by && row.invited_by_name ? { id: row.invited_by, name: row.invited_by_name } : null,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  };
}
