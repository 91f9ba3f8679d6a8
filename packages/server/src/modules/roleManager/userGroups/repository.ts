/** SQL for user groups and their members; every method is scoped to one organization. */
import { type Selectable, sql } from 'kysely';
import { tabCountColumns, tabCountsOf } from '../../../platform/db/archiveTabs';
import { Repository } from '../../../platform/db/repository';
import type { UserGroupsTable } from '../../../platform/db/schema';

export type UserGroupRow = Selectable<UserGroupsTable>;

export interface GroupValues {
  name: string;
  description: string;
  apps: string[];
  permissions: string[];
}

/** Data access for user groups; bind it to a transaction with `transaction`. */
export class UserGroupRepository extends Repository {
  /**
   * Locks the organization row until the transaction ends, so two writers cannot both pass the
   * "name is free" check. NO KEY UPDATE leaves inserts that merely reference the organization unblocked.
   */
  async lockOrg(orgId: string): Promise<void> {
    await this.db.selectFrom('orgs').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
  }

  /** The organization's app list. */
  async orgApps(orgId: string): Promise<string[]> {
    const org = await this.db.selectFrom('orgs').select('apps').where('id', '=', orgId).executeTakeFirst();
    return org?.apps ?? [];
  }

  /** One page of the Active or Archived tab, newest first (archived: most recently archived first). */
  list(orgId: string, filter: { archived: boolean; pattern: string | null; limit: number; offset: number }) {
    let query = this.db
      .selectFrom('user_groups')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('archived_at', filter.archived ? 'is not' : 'is', null);
    if (filter.pattern) query = query.where('name', 'ilike', filter.pattern);
    query = filter.archived
      ? query.orderBy('archived_at', 'desc').orderBy('id', 'desc')
      : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return query.limit(filter.limit).offset(filter.offset).execute();
  }

  /** How many groups the tab holds with the search applied. */
  async countMatching(orgId: string, archived: boolean, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('user_groups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('archived_at', archived ? 'is not' : 'is', null);
    if (pattern) query = query.where('name', 'ilike', pattern);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Totals of the Active and Archived tabs. */
  async tabCounts(orgId: string): Promise<{ active: number; archived: number }> {
    const row = await this.db
      .selectFrom('user_groups')
      .select(tabCountColumns('archived_at'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return tabCountsOf(row);
  }

  /** The group, if it belongs to the organization. */
  findById(orgId: string, id: string) {
    return this.db
      .selectFrom('user_groups')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An active group with this name (case-insensitive), other than `exceptId`. */
  findActiveByName(orgId: string, name: string, exceptId?: string) {
    let query = this.db
      .selectFrom('user_groups')
      .select(['id'])
      .where('org_id', '=', orgId)
      .where('archived_at', 'is', null)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** Member ids per group, for the given groups. */
  async memberIdsByGroup(orgId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const byGroup = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return byGroup;
    const rows = await this.db
      .selectFrom('user_group_members')
      .select(['group_id', 'user_id'])
      .where('org_id', '=', orgId)
      .where('group_id', 'in', groupIds)
      .orderBy('user_id')
      .execute();
    for (const row of rows) byGroup.get(row.group_id)?.push(row.user_id);
    return byGroup;
  }

  /** Which of these users are active members of the organization. */
  async activeMemberIds(orgId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('user_id', 'in', userIds)
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** Creates a group. */
  insert(orgId: string, values: GroupValues) {
    return this.db
      .insertInto('user_groups')
      .values({
        org_id: orgId,
        name: values.name,
        description: values.description,
        apps: JSON.stringify(values.apps),
        permissions: JSON.stringify(values.permissions),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Replaces a group's editable fields. */
  async update(orgId: string, id: string, values: GroupValues): Promise<void> {
    await this.db
      .updateTable('user_groups')
      .set({
        name: values.name,
        description: values.description,
        apps: JSON.stringify(values.apps),
        permissions: JSON.stringify(values.permissions),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Archives (a date) or unarchives (null) a group. */
  async setArchivedAt(orgId: string, id: string, archivedAt: Date | null): Promise<void> {
    await this.db
      .updateTable('user_groups')
      .set({ archived_at: archivedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a group; its member rows go with it. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('user_groups').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Makes the group's members exactly these users. */
  async replaceMembers(orgId: string, groupId: string, userIds: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('user_group_members')
      .where('org_id', '=', orgId)
      .where('group_id', '=', groupId)
      .execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('user_group_members')
      .values(userIds.map((userId) => ({ org_id: orgId, group_id: groupId, user_id: userId })))
      .execute();
  }
}
