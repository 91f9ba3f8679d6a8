/** SQL for custom roles; every method is scoped to one organization. */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

export interface RoleValues {
  name: string;
  description: string;
  permissions: string[];
}

export interface RoleRow {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  created_at: Date;
  user_count: number;
}

/** Data access for roles; bind it to a transaction with `transaction`. */
export class RoleRepository extends Repository {
  /** Locks the organization row until the transaction ends (serializes the name check). */
  async lockOrg(orgId: string): Promise<void> {
    await this.db.selectFrom('orgs').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
  }

  /** The organization's app list. */
  async orgApps(orgId: string): Promise<string[]> {
    const org = await this.db.selectFrom('orgs').select('apps').where('id', '=', orgId).executeTakeFirst();
    return org?.apps ?? [];
  }

  private selectRoles(orgId: string) {
    return this.db
      .selectFrom('roles as r')
      .select(['r.id', 'r.name', 'r.description', 'r.permissions', 'r.created_at'])
      .select((eb) =>
        eb
          .selectFrom('memberships as m')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('m.role_id', '=', 'r.id')
          .where('m.org_id', '=', orgId)
          .where('m.archived_at', 'is', null)
          .as('user_count'),
      )
      .where('r.org_id', '=', orgId);
  }

  /** One page of roles by name. */
  async list(orgId: string, filter: { pattern: string | null; limit: number; offset: number }) {
    let query = this.selectRoles(orgId);
    if (filter.pattern) query = query.where('r.name', 'ilike', filter.pattern);
    const rows = await query
      .orderBy(sql`lower(r.name)`)
      .orderBy('r.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return rows.map(toRoleRow);
  }

  /** How many roles match the search. */
  async countMatching(orgId: string, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId);
    if (pattern) query = query.where('name', 'ilike', pattern);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** The role with its active holders counted, if it belongs to the organization. */
  async findById(orgId: string, id: string): Promise<RoleRow | undefined> {
    const row = await this.selectRoles(orgId).where('r.id', '=', id).executeTakeFirst();
    return row ? toRoleRow(row) : undefined;
  }

  /** A role with this name (case-insensitive), other than `exceptId`. */
  findByName(orgId: string, name: string, exceptId?: string) {
    let query = this.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', orgId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** Creates a role and answers its id. */
  async insert(orgId: string, values: RoleValues): Promise<string> {
    const row = await this.db
      .insertInto('roles')
      .values({
        org_id: orgId,
        name: values.name,
        description: values.description,
        permissions: JSON.stringify(values.permissions),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a role's fields. */
  async update(orgId: string, id: string, values: RoleValues): Promise<void> {
    await this.db
      .updateTable('roles')
      .set({
        name: values.name,
        description: values.description,
        permissions: JSON.stringify(values.permissions),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a role; memberships that still point at it lose it (the foreign key sets null). */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('roles').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}

function toRoleRow(row: {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  created_at: Date;
  user_count: string | null;
}): RoleRow {
  return { ...row, user_count: Number(row.user_count ?? 0) };
}
