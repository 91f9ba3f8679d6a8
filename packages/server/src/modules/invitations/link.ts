/** Opening an invitation link: which invitation it is, or why it no longer works. */
import { INVALID_INVITATION_TITLE, type InvitationPreview } from '@ferrite/contracts';
import { HttpProblem } from '../../platform/http/problem';
import { hashOpaqueToken } from '../../platform/security/opaqueTokens';
import type { InvitationRepository, TokenInvitationRow } from './repository';

/** 404 for a token that names no invitation (including one replaced by a resend). */
export function unknownInvitation(): HttpProblem {
  return new HttpProblem(404, INVALID_INVITATION_TITLE, 'No invitation has this link. Ask for a new one.');
}

/** The invitation when its link still works; otherwise 404 (unknown) or 410 (used, revoked, expired). */
export function assertUsable(row: TokenInvitationRow | undefined, now = new Date()): TokenInvitationRow {
  if (!row) throw unknownInvitation();
  const gone = (detail: string) => new HttpProblem(410, INVALID_INVITATION_TITLE, detail);
  if (row.accepted_at) throw gone('This invitation was already used. Sign in instead.');
  if (row.revoked_at) throw gone('This invitation was withdrawn. Ask your administrator for a new one.');
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    throw gone('This invitation has expired. Ask your administrator to send it again.');
  }
  if (row.org_archived_at) throw gone('The organization of this invitation is no longer active.');
  return row;
}

/** What the person sees before accepting. */
export async function previewInvitation(
  repo: InvitationRepository,
  token: string,
): Promise<InvitationPreview> {
  const row = assertUsable(await repo.findByTokenHash(hashOpaqueToken(token)));
  return {
    email: row.email,
    name: row.name,
    org_id: row.org_id,
    org_name: row.org_name,
    kind: row.kind as InvitationPreview['kind'],
    expires_at: new Date(row.expires_at).toISOString(),
  };
}
