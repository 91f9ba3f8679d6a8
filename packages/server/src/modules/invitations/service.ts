/**
 * The organization's invitations (the Role Manager's Invites tab): invite by e-mail, list, resend and
 * revoke. Accepting is commands/acceptInvitation.ts, behind the public link.
 *
 * Re-inviting an archived member: their archived membership stays as it is (role, groups, assets,
 * history) and the new join-org invitation is what restores it when accepted. While that invitation
 * is pending the member is counted under Invites instead of Archived (spec §4 "Inviting moves a user
 * to invitations"); if it is revoked or expires they are back under Archived, and unarchiving them
 * directly revokes it.
 */
import { type CreateInvitationBody, INVITATION_TTL_DAYS, type Invitation } from '@ferrite/contracts';
import { abilitiesInApp } from '../../platform/authorization/abilities';
import type { AuthorizedCaller } from '../../platform/http/authContext';
import { pageWindow, searchPattern } from '../../platform/http/paging';
import { assertNoFieldErrors, problems } from '../../platform/http/problem';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/security/opaqueTokens';
import { assertSeatFree, TenantRepository } from '../tenantManager';
import { type InvitationMailContext, sendInvitationMail } from './mail';
import { invitationStatus, presentInvitation } from './presenter';
import type { InvitationRepository, InvitationRow, InvitationStatus } from './repository';

function newExpiry(): Date {
  return new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}

/** Invitations of the caller's organization. */
export class InvitationService {
  constructor(private readonly repo: InvitationRepository) {}

  /** One page of invitations in a status, with the caller's Role Manager abilities. */
  async list(
    caller: AuthorizedCaller,
    query: { page_number: number; page_size: number; search?: string; status: InvitationStatus },
  ) {
    const pattern = searchPattern(query.search);
    const [rows, total] = await Promise.all([
      this.repo.list(caller.orgId, { status: query.status, pattern, ...pageWindow(query) }),
      this.repo.countMatching(caller.orgId, query.status, pattern),
    ]);
    return {
      invitations: await present(this.repo, caller.orgId, rows),
      total_entries: total,
      abilities: abilitiesInApp(caller.abilities, 'roleManager'),
    };
  }

  /**
   * Invites a person: join-org when an account with the e-mail exists, set-password otherwise. 409 for
   * an active member, an already pending invitation, or a full organization.
   */
  async create(
    caller: AuthorizedCaller,
    body: CreateInvitationBody,
    mail: InvitationMailContext,
  ): Promise<Invitation> {
    const orgId = caller.orgId;
    if (body.role === 'admin' && caller.role !== 'admin') {
      throw problems.forbidden('Only organization admins can invite admins');
    }
    const groupIds = [...new Set(body.user_group_ids)];
    const token = newOpaqueToken();
    const { invitation, orgName, inviterName } = await this.repo.transaction(async (repo) => {
      const org = await repo.lockOrg(orgId);
      if (!org) throw problems.notFound('The organization');
      const known = await repo.activeGroupIds(orgId, groupIds);
      assertNoFieldErrors(
        body.user_group_ids.flatMap((id, index) =>
          known.has(id)
            ? []
            : [
                {
                  path: `body.user_group_ids.${index}`,
                  message: 'Not an active user group of this organization',
                },
              ],
        ),
      );
      const person = await repo.findPerson(orgId, body.email);
      if (person?.member_id && !person.member_archived_at) {
        throw problems.conflict(`${body.email} is already a member of ${org.name}`);
      }
      if (await repo.findPendingForEmail(orgId, body.email)) {
        throw problems.conflict(
          `An invitation to ${body.email} is already pending. Resend it to send a new link.`,
        );
      }
      await assertSeatFree(repo.sibling(TenantRepository), orgId);
      const id = await repo.insert(orgId, {
        email: body.email,
        name: body.name || person?.name || '',
        role: body.role,
        kind: person ? 'join-org' : 'set-password',
        tokenHash: hashOpaqueToken(token),
        groupIds,
        invitedBy: caller.userId,
        expiresAt: newExpiry(),
      });
      const created = await presentOne(repo, orgId, id);
      const reinvited = Boolean(person?.member_archived_at);
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'invited',
        entityType: 'invitation',
        entityId: id,
        summary: reinvited
          ? `Re-invited archived user ${body.email}`
          : `Invited ${body.email} as ${body.role}`,
        after: created,
      });
      return { invitation: created, orgName: org.name, inviterName: await repo.userName(caller.userId) };
    });
    await sendInvitationMail(mail, invitation, { id: orgId, name: orgName }, inviterName, token);
    return invitation;
  }

  /**
   * Re-invites: a new token and expiry (the old link dies) and the mail again. Works on pending and
   * expired invitations; an expired one takes a seat again, so the user limit is checked.
   */
  async resend(caller: AuthorizedCaller, id: string, mail: InvitationMailContext): Promise<Invitation> {
    const orgId = caller.orgId;
    const token = newOpaqueToken();
    const { invitation, orgName, inviterName } = await this.repo.transaction(async (repo) => {
      const org = await repo.lockOrg(orgId);
      if (!org) throw problems.notFound('The organization');
      const row = await repo.lock(orgId, id);
      if (!row) throw problems.notFound('The invitation');
      const status = invitationStatus(row);
      if (status === 'accepted') throw problems.conflict('This invitation was already accepted');
      if (status === 'revoked') {
        throw problems.conflict('This invitation was revoked. Send a new invitation instead.');
      }
      const person = await repo.findPerson(orgId, row.email);
      if (person?.member_id && !person.member_archived_at) {
        throw problems.conflict(`${row.email} is already a member of ${org.name}`);
      }
      if (status === 'expired')
        await assertSeatFree(repo.sibling(TenantRepository), orgId, { exceptEmail: row.email });
      const before = await presentOne(repo, orgId, id);
      await repo.renew(orgId, id, {
        tokenHash: hashOpaqueToken(token),
        expiresAt: newExpiry(),
        kind: person ? 'join-org' : 'set-password',
      });
      const after = await presentOne(repo, orgId, id);
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'reinvited',
        entityType: 'invitation',
        entityId: id,
        summary: `Sent a new invitation link to ${row.email}`,
        before,
        after,
      });
      return { invitation: after, orgName: org.name, inviterName: await repo.userName(caller.userId) };
    });
    await sendInvitationMail(mail, invitation, { id: orgId, name: orgName }, inviterName, token);
    return invitation;
  }

  /** Revokes an open invitation (its link dies); revoking twice is harmless; 409 once accepted. */
  async revoke(caller: AuthorizedCaller, id: string): Promise<void> {
    const orgId = caller.orgId;
    await this.repo.transaction(async (repo) => {
      const row = await repo.lock(orgId, id);
      if (!row) throw problems.notFound('The invitation');
      const status = invitationStatus(row);
      if (status === 'accepted') throw problems.conflict('This invitation was already accepted');
      if (status === 'revoked') return;
      const before = await presentOne(repo, orgId, id);
      await repo.revoke(orgId, id);
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'revoked',
        entityType: 'invitation',
        entityId: id,
        summary: `Revoked the invitation to ${row.email}`,
        before,
        after: await presentOne(repo, orgId, id),
      });
    });
  }
}

async function present(
  repo: InvitationRepository,
  orgId: string,
  rows: InvitationRow[],
): Promise<Invitation[]> {
  const names = await repo.groupNames(orgId, [...new Set(rows.flatMap((row) => row.group_ids))]);
  return rows.map((row) => presentInvitation(row, names));
}

async function presentOne(repo: InvitationRepository, orgId: string, id: string): Promise<Invitation> {
  const row = await repo.find(orgId, id);
  if (!row) throw problems.notFound('The invitation');
  const [invitation] = await present(repo, orgId, [row]);
  if (!invitation) throw problems.notFound('The invitation');
  return invitation;
}
