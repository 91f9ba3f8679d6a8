/**
 * SQL for invitations: the organization's list (invite, resend, revoke) and the public link (open and
 * accept by its token, which names the organization). Methods of the list are scoped to one
 * organization.
 */
import type { Invitation } from '@ferrite/contracts';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { Repository } from '../../platform/db/repository';
import type { Database, InvitationsTable } from '../../platform/db/schema';

export type InvitationRow = Selectable<InvitationsTable> & {
  invited_by_name: string | null;
};

export type InvitationStatus = Invitation['status'];
type InvitationKind = Invitation['kind'];

type InvitationsEb = ExpressionBuilder<Database & { i: InvitationsTable }, 'i'>;

/** The condition for an invitation status; 'expired' means still open but past expires_at. */
function statusIs(eb: InvitationsEb, status: InvitationStatus, now: Date) {
  switch (status) {
    case 'accepted':
      return eb('i.accepted_at', 'is not', null);
    case 'revoked':
      return eb.and([eb('i.accepted_at', 'is', null), eb('i.revoked_at', 'is not', null)]);
    case 'expired':
      return eb.and([
        eb('i.accepted_at', 'is', null),
        eb('i.revoked_at', 'is', null),
        eb('i.expires_at', '<=', now),
      ]);
    default:
      return eb.and([
        eb('i.accepted_at', 'is', null),
        eb('i.revoked_at', 'is', null),
        eb('i.expires_at', '>', now),
      ]);
  }
}

/** Data access for invitations; bind it to a transaction with `transaction`. */
export class InvitationRepository extends Repository {
  /** Locks the organization row until the transaction ends (serializes seat and duplicate checks). */
  lockOrg(orgId: string) {
    return this.db
      .selectFrom('orgs')
      .select(['id', 'name'])
      .where('id', '=', orgId)
      .forNoKeyUpdate()
      .executeTakeFirst();
  }

  private withInviter(orgId: string) {
    return this.db
      .selectFrom('invitations as i')
      .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
      .selectAll('i')
      .select('inviter.name as invited_by_name')
      .where('i.org_id', '=', orgId);
  }

  /** One page of invitations in a status, newest first. */
  list(
    orgId: string,
    filter: { status: InvitationStatus; pattern: string | null; limit: number; offset: number },
  ): Promise<InvitationRow[]> {
    const now = new Date();
    let query = this.withInviter(orgId).where((eb) => statusIs(eb, filter.status, now));
    if (filter.pattern) {
      const pattern = filter.pattern;
      query = query.where((eb) => eb.or([eb('i.email', 'ilike', pattern), eb('i.name', 'ilike', pattern)]));
    }
    return query
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** How many invitations in the status match the search. */
  async countMatching(orgId: string, status: InvitationStatus, pattern: string | null): Promise<number> {
    const now = new Date();
    let query = this.db
      .selectFrom('invitations as i')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('i.org_id', '=', orgId)
      .where((eb) => statusIs(eb, status, now));
    if (pattern)
      query = query.where((eb) => eb.or([eb('i.email', 'ilike', pattern), eb('i.name', 'ilike', pattern)]));
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** One invitation with its inviter's name. */
  find(orgId: string, id: string): Promise<InvitationRow | undefined> {
    return this.withInviter(orgId).where('i.id', '=', id).executeTakeFirst();
  }

  /** Locks one invitation row until the transaction ends. */
  lock(orgId: string, id: string) {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The open, unexpired invitation to an address, if any. */
  findPendingForEmail(orgId: string, email: string) {
    const now = new Date();
    return this.db
      .selectFrom('invitations as i')
      .select(['i.id'])
      .where('i.org_id', '=', orgId)
      .where('i.email', '=', email)
      .where((eb) => statusIs(eb, 'pending', now))
      .executeTakeFirst();
  }

  /** The account with this e-mail and its membership of the organization, if any. */
  findPerson(orgId: string, email: string) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.org_id', '=', orgId))
      .select(['u.id', 'u.name', 'u.email', 'm.user_id as member_id', 'm.archived_at as member_archived_at'])
      .where('u.email', '=', email)
      .executeTakeFirst();
  }

  /** A user's display name (the inviter's, for the mail). */
  async userName(userId: string): Promise<string> {
    const row = await this.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
    return row?.name ?? '';
  }

  /** Which of these ids are active user groups of the organization. */
  async activeGroupIds(orgId: string, groupIds: readonly string[]): Promise<Set<string>> {
    if (groupIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('user_groups')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', groupIds)
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Names of the organization's groups among these ids (groups deleted since are left out). */
  async groupNames(orgId: string, groupIds: readonly string[]): Promise<Map<string, string>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('id', 'in', groupIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Creates an invitation; answers its id. */
  async insert(
    orgId: string,
    values: {
      email: string;
      name: string;
      role: string;
      kind: InvitationKind;
      tokenHash: string;
      groupIds: string[];
      invitedBy: string;
      expiresAt: Date;
    },
  ): Promise<string> {
    const row = await this.db
      .insertInto('invitations')
      .values({
        org_id: orgId,
        email: values.email,
        name: values.name,
        role: values.role,
        kind: values.kind,
        token_hash: values.tokenHash,
        group_ids: JSON.stringify(values.groupIds),
        invited_by: values.invitedBy,
        expires_at: values.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Gives an invitation a new token and expiry (the old link stops working) and re-checks its kind. */
  async renew(
    orgId: string,
    id: string,
    values: { tokenHash: string; expiresAt: Date; kind: InvitationKind },
  ): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ token_hash: values.tokenHash, expires_at: values.expiresAt, kind: values.kind })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Revokes an invitation. */
  async revoke(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  // The public link: the token hash finds the invitation, which names its organization.

  private byToken(tokenHash: string) {
    return this.db
      .selectFrom('invitations as i')
      .innerJoin('orgs as o', 'o.id', 'i.org_id')
      .selectAll('i')
      .select(['o.name as org_name', 'o.archived_at as org_archived_at'])
      .where('i.token_hash', '=', tokenHash);
  }

  /** The invitation a token belongs to, with its organization. */
  findByTokenHash(tokenHash: string) {
    return this.byToken(tokenHash).executeTakeFirst();
  }

  /** The same, locking the invitation row until the transaction ends (single use under concurrency). */
  lockByTokenHash(tokenHash: string) {
    return this.byToken(tokenHash).forUpdate('i').executeTakeFirst();
  }

  /** The account with this e-mail, if any. */
  findUserByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** Creates the account of a newly invited person; answers its id. */
  async insertUser(values: { email: string; name: string; passwordHash: string; settings: string }) {
    const row = await this.db
      .insertInto('users')
      .values({
        email: values.email,
        name: values.name,
        password_hash: values.passwordHash,
        settings: values.settings,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The user's membership of the organization (active or archived), if any. */
  findMembership(orgId: string, userId: string) {
    return this.db
      .selectFrom('memberships')
      .select(['role', 'archived_at'])
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Adds the user to the organization with the role. */
  async insertMembership(orgId: string, userId: string, role: string): Promise<void> {
    await this.db.insertInto('memberships').values({ org_id: orgId, user_id: userId, role }).execute();
  }

  /** Restores an archived membership with the invitation's role; everything else it held stays. */
  async restoreMembership(orgId: string, userId: string, role: string): Promise<void> {
    await this.db
      .updateTable('memberships')
      .set({ archived_at: null, role })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Adds the user to those of the groups that are still active groups of the organization. */
  async addToGroups(orgId: string, userId: string, groupIds: readonly string[]): Promise<void> {
    if (groupIds.length === 0) return;
    const groups = await this.db
      .selectFrom('user_groups')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', groupIds)
      .where('archived_at', 'is', null)
      .execute();
    if (groups.length === 0) return;
    await this.db
      .insertInto('user_group_members')
      .values(groups.map((group) => ({ org_id: orgId, group_id: group.id, user_id: userId })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }

  /** Marks the invitation used. */
  async markAccepted(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ accepted_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }
}

export type TokenInvitationRow = NonNullable<Awaited<ReturnType<InvitationRepository['findByTokenHash']>>>;
