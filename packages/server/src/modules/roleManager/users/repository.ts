/** SQL for the organization's users (memberships with their person); every method is scoped to one org. */
import { type ExpressionBuilder, sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';

/** What the users list and detail read about one member. */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  avatar: number;
  last_login_at: Date | null;
  role: string;
  role_id: string | null;
  role_name: string | null;
  apps: string[];
  assets: string[];
  created_at: Date;
  archived_at: Date | null;
}

/**
 * A live invitation to the member's e-mail: while one exists an archived member shows under the
 * Invites tab instead of Archived (spec §4 "Inviting moves a user to invitations").
 */
function hasPendingInvitation(
  eb: ExpressionBuilder<Database & { u: Database['users']; m: Database['memberships'] }, 'u' | 'm'>,
) {
  return eb.exists(
    eb
      .selectFrom('invitations as i')
      .select('i.id')
      .whereRef('i.org_id', '=', 'm.org_id')
      .whereRef('i.email', '=', 'u.email')
      .where('i.accepted_at', 'is', null)
      .where('i.revoked_at', 'is', null)
      .where('i.expires_at', '>', new Date()),
  );
}

/** Data access for Role Manager users; bind it to a transaction with `transaction`. */
export class UserRepository extends Repository {
  /** Locks the organization row until the transaction ends (serializes admin-count and seat checks). */
  async lockOrg(orgId: string): Promise<void> {
    await this.db.selectFrom('orgs').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
  }

  /** The organization's app list. */
  async orgApps(orgId: string): Promise<string[]> {
    const org = await this.db.selectFrom('orgs').select('apps').where('id', '=', orgId).executeTakeFirst();
    return org?.apps ?? [];
  }

  private members(orgId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('roles as r', (join) =>
        join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'),
      )
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.phone',
        'u.avatar',
        'u.last_login_at',
        'm.role',
        'm.role_id',
        'r.name as role_name',
        'm.apps',
        'm.assets',
        'm.created_at',
        'm.archived_at',
      ])
      .where('m.org_id', '=', orgId);
  }

  private tab(orgId: string, archived: boolean, pattern: string | null) {
    let query = this.members(orgId);
    query = archived
      ? query.where('m.archived_at', 'is not', null).where((eb) => eb.not(hasPendingInvitation(eb)))
      : query.where('m.archived_at', 'is', null);
    if (pattern) {
      query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
    }
    return query;
  }

  /** One page of the Active or Archived tab, newest first (archived: most recently archived first). */
  list(
    orgId: string,
    filter: { archived: boolean; pattern: string | null; limit: number; offset: number },
  ): Promise<MemberRow[]> {
    const query = this.tab(orgId, filter.archived, filter.pattern);
    return (
      filter.archived
        ? query.orderBy('m.archived_at', 'desc').orderBy('u.id', 'desc')
        : query.orderBy('m.created_at', 'desc').orderBy('u.id', 'desc')
    )
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** How many users the tab holds with the search applied. */
  async countMatching(orgId: string, archived: boolean, pattern: string | null): Promise<number> {
    const row = await this.db
      .selectFrom(this.tab(orgId, archived, pattern).as('t'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Totals of the Active, Archived and Invites tabs. */
  async tabCounts(orgId: string): Promise<{ active: number; archived: number; invites: number }> {
    const [members, invites] = await Promise.all([
      this.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((eb) => [
          sql<string>`count(*) filter (where m.archived_at is null)`.as('active'),
          eb.fn
            .countAll<string>()
            .filterWhere((fb) =>
              fb.and([fb('m.archived_at', 'is not', null), fb.not(hasPendingInvitation(fb))]),
            )
            .as('archived'),
        ])
        .where('m.org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('org_id', '=', orgId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirstOrThrow(),
    ]);
    return { active: Number(members.active), archived: Number(members.archived), invites: Number(invites.n) };
  }

  /** The member, if the user belongs (actively or archived) to the organization. */
  find(orgId: string, userId: string): Promise<MemberRow | undefined> {
    return this.members(orgId).where('u.id', '=', userId).executeTakeFirst();
  }

  /** Each user's groups in the organization, by name. */
  async groupsOf(
    orgId: string,
    userIds: readonly string[],
  ): Promise<Map<string, { id: string; name: string }[]>> {
    const byUser = new Map<string, { id: string; name: string }[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await this.db
      .selectFrom('user_group_members as gm')
      .innerJoin('user_groups as g', (join) =>
        join.onRef('g.id', '=', 'gm.group_id').onRef('g.org_id', '=', 'gm.org_id'),
      )
      .select(['gm.user_id', 'g.id', 'g.name'])
      .where('gm.org_id', '=', orgId)
      .where('gm.user_id', 'in', userIds)
      .orderBy('g.name')
      .orderBy('g.id')
      .execute();
    for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
    return byUser;
  }

  /** Whether the role belongs to the organization. */
  async roleExists(orgId: string, roleId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', roleId)
      .executeTakeFirst();
    return Boolean(row);
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

  /** How many active admins the organization has. */
  async activeAdminCount(orgId: string): Promise<number> {
    const row = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('role', '=', 'admin')
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Changes the person's name and phone (their account, shared by every organization they belong to). */
  async updatePerson(userId: string, values: { name?: string; phone?: string | null }): Promise<void> {
    if (values.name === undefined && values.phone === undefined) return;
    await this.db
      .updateTable('users')
      .set({
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(values.phone === undefined ? {} : { phone: values.phone }),
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Changes the membership's role, custom role, direct apps and assets. */
  async updateMembership(
    orgId: string,
    userId: string,
    values: { role?: string; role_id?: string | null; apps?: string[]; assets?: string[] },
  ): Promise<void> {
    const set = {
      ...(values.role === undefined ? {} : { role: values.role }),
      ...(values.role_id === undefined ? {} : { role_id: values.role_id }),
      ...(values.apps === undefined ? {} : { apps: JSON.stringify(values.apps) }),
      ...(values.assets === undefined ? {} : { assets: JSON.stringify(values.assets) }),
    };
    if (Object.keys(set).length === 0) return;
    await this.db
      .updateTable('memberships')
      .set(set)
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Makes the user's groups in the organization exactly these. */
  async replaceGroups(orgId: string, userId: string, groupIds: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('user_group_members')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
    if (groupIds.length === 0) return;
    await this.db
      .insertInto('user_group_members')
      .values(groupIds.map((groupId) => ({ org_id: orgId, group_id: groupId, user_id: userId })))
      .execute();
  }

  /** Archives (a date) or unarchives (null) a membership. */
  async setArchivedAt(orgId: string, userId: string, archivedAt: Date | null): Promise<void> {
    await this.db
      .updateTable('memberships')
      .set({ archived_at: archivedAt })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Ends the user's open sessions in the organization; answers how many. */
  async revokeSessions(orgId: string, userId: string, reason: string): Promise<number> {
    const rows = await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Revokes the live invitations to an address (a member restored directly no longer needs one). */
  async revokePendingInvitations(orgId: string, email: string): Promise<number> {
    const rows = await this.db
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('org_id', '=', orgId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Removes the user from the organization: membership and group memberships (projects: ProjectRepository). */
  async deleteMembership(orgId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('user_group_members')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
    await this.db
      .deleteFrom('memberships')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }
}
