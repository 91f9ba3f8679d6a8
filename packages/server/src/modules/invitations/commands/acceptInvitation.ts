/**
 * Accepting an invitation: single use, and it answers an organization session exactly like
 * POST /orgs/{id}/sign-in. A set-password invitation creates the account; a join-org invitation needs
 * proof that the caller owns the existing account (its current password, or a live session of it).
 */
import { type AcceptInvitationBody, DEFAULT_USER_SETTING, type OrgSignInResponse } from '@ferrite/contracts';
import { invalidFields, problems } from '../../../platform/http/problem';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import { hashPassword } from '../../../platform/security/passwords';
import type { AuthService } from '../../auth';
import { assertSeatFree, TenantRepository } from '../../tenantManager';
import { assertUsable, unknownInvitation } from '../link';
import type { InvitationRepository } from '../repository';

export interface AcceptInput {
  token: string;
  body: AcceptInvitationBody;
  ip: string;
  /** The user of a live session presented as a bearer token, if any. */
  sessionUserId: string | null;
}

/** Accepts the invitation and opens a session in its organization. */
export async function acceptInvitation(
  repo: InvitationRepository,
  auth: AuthService,
  input: AcceptInput,
): Promise<OrgSignInResponse> {
  const tokenHash = hashOpaqueToken(input.token);
  const invitation = assertUsable(await repo.findByTokenHash(tokenHash));

  // Slow work (hashing, password checks) happens before the transaction that consumes the token.
  let passwordHash: string | null = null;
  let existingUserId: string | null = null;
  if (invitation.kind === 'set-password') {
    if (!input.body.password) {
      throw invalidFields([{ path: 'body.password', message: 'Choose a password' }]);
    }
    passwordHash = await hashPassword(input.body.password);
  } else {
    const user = await repo.findUserByEmail(invitation.email);
    if (!user) throw unknownInvitation();
    if (input.sessionUserId !== user.id) {
      if (!input.body.current_password) {
        throw invalidFields([
          { path: 'body.current_password', message: 'Enter the password of your account to join' },
        ]);
      }
      await auth.verifyCredentials(invitation.email, input.body.current_password, input.ip);
    }
    existingUserId = user.id;
  }

  const { orgId, userId } = await repo.transaction(async (trx) => {
    const locked = assertUsable(await trx.lockByTokenHash(tokenHash));
    const orgId = locked.org_id;
    let userId = existingUserId;
    if (!userId) {
      userId = await trx.insertUser({
        email: locked.email,
        name: input.body.name || locked.name || locked.email.split('@')[0] || locked.email,
        passwordHash: passwordHash ?? '',
        settings: JSON.stringify(DEFAULT_USER_SETTING),
      });
      if (!userId) {
        throw problems.conflict(
          'An account with this e-mail exists now. Sign in with it and ask for a new invitation.',
        );
      }
    }
    const membership = await trx.findMembership(orgId, userId);
    if (!membership || membership.archived_at) {
      await assertSeatFree(trx.sibling(TenantRepository), orgId, { exceptEmail: locked.email });
    }
    if (!membership) await trx.insertMembership(orgId, userId, locked.role);
    else if (membership.archived_at) await trx.restoreMembership(orgId, userId, locked.role);
    await trx.addToGroups(orgId, userId, locked.group_ids);
    await trx.markAccepted(orgId, locked.id);
    await trx.recordActivity({
      orgId,
      actorId: userId,
      app: 'roleManager',
      action: 'accepted',
      entityType: 'invitation',
      entityId: locked.id,
      summary: membership?.archived_at
        ? `${locked.email} accepted the invitation and was restored as ${locked.role}`
        : `${locked.email} accepted the invitation and joined as ${membership ? membership.role : locked.role}`,
      before: membership ? { role: membership.role, archived: Boolean(membership.archived_at) } : null,
      after: {
        user_id: userId,
        role: membership && !membership.archived_at ? membership.role : locked.role,
        group_ids: locked.group_ids,
      },
    });
    return { orgId, userId };
  });
  return auth.openOrgSession(orgId, userId);
}
