import { Repository } from '../../platform/db/repository';

/** Data access for invitation links; the token hash finds the invitation, which names its organization. */
export class InvitationTokenRepository extends Repository {
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

export type TokenInvitationRow = NonNullable<
  Awaited<ReturnType<InvitationTokenRepository['findByTokenHash']>>
>;
