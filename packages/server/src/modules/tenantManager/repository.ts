/** SQL for the Tenant Manager: organizations on the platform, their seats, and sign-up requests. */
import { DEFAULT_ORG_LIMITS, type OrgLimits } from '@ferrite/contracts';
import { type Selectable, sql } from 'kysely';
import { tabCountColumns, tabCountsOf } from '../../platform/db/archiveTabs';
import { Repository } from '../../platform/db/repository';
import type { OrgsTable } from '../../platform/db/schema';

export type OrgRow = Selectable<OrgsTable>;
export type OrgListRow = OrgRow & { user_count: number };
export interface OrgAdmin {
  id: string;
  name: string;
  email: string;
}

export interface OrgValues {
  name: string;
  slug: string;
  apps: string[];
  limits: OrgLimits;
}

/** Data access for organizations and requests; the organization is the entity here, so its id leads. */
export class TenantRepository extends Repository {
  /** One page of organizations, newest first (archived tab: most recently archived first). */
  async listOrgs(filter: {
    archived: boolean;
    pattern: string | null;
    limit: number;
    offset: number;
  }): Promise<OrgListRow[]> {
    let query = this.db
      .selectFrom('orgs as o')
      .selectAll('o')
      .select((eb) =>
        eb
          .selectFrom('memberships as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.org_id', '=', 'o.id')
          .where('m.archived_at', 'is', null)
          .as('user_count'),
      )
      .where('o.archived_at', filter.archived ? 'is not' : 'is', null);
    if (filter.pattern) {
      const pattern = filter.pattern;
      query = query.where((eb) => eb.or([eb('o.name', 'ilike', pattern), eb('o.slug', 'ilike', pattern)]));
    }
    query = filter.archived
      ? query.orderBy('o.archived_at', 'desc').orderBy('o.id', 'desc')
      : query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
    const rows = await query.limit(filter.limit).offset(filter.offset).execute();
    return rows.map((row) => ({ ...row, user_count: Number(row.user_count ?? 0) }));
  }

  /** How many organizations the tab holds with the search applied. */
  async countOrgs(archived: boolean, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('orgs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archived_at', archived ? 'is not' : 'is', null);
    if (pattern)
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('slug', 'ilike', pattern)]));
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Totals of the Active and Archived tabs. */
  async orgTabCounts(): Promise<{ active: number; archived: number }> {
    const row = await this.db
      .selectFrom('orgs')
      .select(tabCountColumns('archived_at'))
      .executeTakeFirstOrThrow();
    return tabCountsOf(row);
  }

  /** One organization with its active user count. */
  async findOrg(id: string): Promise<OrgListRow | undefined> {
    const row = await this.db
      .selectFrom('orgs as o')
      .selectAll('o')
      .select((eb) =>
        eb
          .selectFrom('memberships as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.org_id', '=', 'o.id')
          .where('m.archived_at', 'is', null)
          .as('user_count'),
      )
      .where('o.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, user_count: Number(row.user_count ?? 0) };
  }

  /** Locks an organization row until the transaction ends (serializes seat checks and edits). */
  async lockOrg(id: string): Promise<OrgRow | undefined> {
    return this.db.selectFrom('orgs').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  }

  /** The first active admin of each organization (by date added). */
  async adminsOf(orgIds: readonly string[]): Promise<Map<string, OrgAdmin>> {
    const admins = new Map<string, OrgAdmin>();
    if (orgIds.length === 0) return admins;
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .distinctOn('m.org_id')
      .select(['m.org_id', 'u.id', 'u.name', 'u.email'])
      .where('m.org_id', 'in', orgIds)
      .where('m.role', '=', 'admin')
      .where('m.archived_at', 'is', null)
      .orderBy('m.org_id')
      .orderBy('m.created_at')
      .orderBy('u.id')
      .execute();
    for (const row of rows) admins.set(row.org_id, { id: row.id, name: row.name, email: row.email });
    return admins;
  }

  /** True when an organization (other than `exceptOrgId`) or a pending sign-up request holds the slug. */
  async isSlugTaken(slug: string, exceptOrgId?: string): Promise<boolean> {
    let orgs = this.db.selectFrom('orgs').select('id').where('slug', '=', slug);
    if (exceptOrgId) orgs = orgs.where('id', '!=', exceptOrgId);
    if (await orgs.executeTakeFirst()) return true;
    const request = await this.db
      .selectFrom('org_requests')
      .select('id')
      .where('slug', '=', slug)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Boolean(request);
  }

  /** Creates an organization; answers undefined when the slug is already an organization's. */
  insertOrg(values: OrgValues, createdBy: string | null) {
    return this.db
      .insertInto('orgs')
      .values({
        name: values.name,
        slug: values.slug,
        apps: JSON.stringify(values.apps),
        limits: JSON.stringify(values.limits),
        created_by: createdBy,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Replaces the editable fields of an organization. */
  async updateOrg(id: string, values: OrgValues): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({
        name: values.name,
        slug: values.slug,
        apps: JSON.stringify(values.apps),
        limits: JSON.stringify(values.limits),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Archives (a date) or unarchives (null) an organization. */
  async setOrgArchivedAt(id: string, archivedAt: Date | null): Promise<void> {
    await this.db.updateTable('orgs').set({ archived_at: archivedAt }).where('id', '=', id).execute();
  }

  /** Ends every open session in the organization. */
  async revokeOrgSessions(orgId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('org_id', '=', orgId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Makes the user a member of the organization with the role. */
  async addMember(orgId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
    await this.db.insertInto('memberships').values({ org_id: orgId, user_id: userId, role }).execute();
  }

  /**
   * Seats of an organization: its user limit, and how many are taken by active members and by pending
   * invitations (an invitation holds a seat until it is accepted, revoked or expires). Invitations to
   * `exceptEmail` are left out, for the check that replaces one.
   */
  async seatUsage(orgId: string, exceptEmail?: string) {
    const now = new Date();
    const row = await this.db
      .selectFrom('orgs as o')
      .select((eb) => [
        'o.name',
        'o.limits',
        eb
          .selectFrom('memberships as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.org_id', '=', 'o.id')
          .where('m.archived_at', 'is', null)
          .as('members'),
        eb
          .selectFrom('invitations as i')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('i.org_id', '=', 'o.id')
          .where('i.accepted_at', 'is', null)
          .where('i.revoked_at', 'is', null)
          .where('i.expires_at', '>', now)
          .$if(exceptEmail !== undefined, (q) => q.where('i.email', '!=', exceptEmail ?? ''))
          .as('invitations'),
      ])
      .where('o.id', '=', orgId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      orgName: row.name,
      limit: (row.limits ?? DEFAULT_ORG_LIMITS).users ?? DEFAULT_ORG_LIMITS.users,
      members: Number(row.members ?? 0),
      invitations: Number(row.invitations ?? 0),
    };
  }

  /** One page of sign-up requests in a status, newest first, with the requester. */
  listRequests(filter: { status: string; pattern: string | null; limit: number; offset: number }) {
    let query = this.requestsQuery().where('r.status', '=', filter.status);
    if (filter.pattern) query = this.matchRequests(query, filter.pattern);
    return query
      .orderBy(filter.status === 'pending' ? 'r.created_at' : 'r.decided_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** How many requests in the status match the search. */
  async countRequests(status: string, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('org_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('r.status', '=', status);
    if (pattern) {
      query = query.where((eb) =>
        eb.or([
          eb('r.organization_name', 'ilike', pattern),
          eb('r.slug', 'ilike', pattern),
          eb('u.email', 'ilike', pattern),
          eb('u.name', 'ilike', pattern),
        ]),
      );
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Requests per status. */
  async requestCounts(): Promise<{ pending: number; approved: number; rejected: number }> {
    const row = await this.db
      .selectFrom('org_requests')
      .select([
        sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
        sql<string>`count(*) filter (where status = 'approved')`.as('approved'),
        sql<string>`count(*) filter (where status = 'rejected')`.as('rejected'),
      ])
      .executeTakeFirstOrThrow();
    return { pending: Number(row.pending), approved: Number(row.approved), rejected: Number(row.rejected) };
  }

  /** One request with its requester. */
  findRequest(id: string) {
    return this.requestsQuery().where('r.id', '=', id).executeTakeFirst();
  }

  /** Locks a request row until the transaction ends, so two admins cannot decide it twice. */
  lockRequest(id: string) {
    return this.db.selectFrom('org_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Records the decision on a request. */
  async decideRequest(
    id: string,
    decision: {
      status: 'approved' | 'rejected';
      reason: string | null;
      orgId: string | null;
      decidedBy: string;
    },
  ): Promise<void> {
    await this.db
      .updateTable('org_requests')
      .set({
        status: decision.status,
        reason: decision.reason,
        org_id: decision.orgId,
        decided_by: decision.decidedBy,
        decided_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  private requestsQuery() {
    return this.db
      .selectFrom('org_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.name as requester_name', 'u.email as requester_email']);
  }

  private matchRequests<Q extends ReturnType<TenantRepository['requestsQuery']>>(
    query: Q,
    pattern: string,
  ): Q {
    return query.where((eb) =>
      eb.or([
        eb('r.organization_name', 'ilike', pattern),
        eb('r.slug', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('u.name', 'ilike', pattern),
      ]),
    ) as Q;
  }
}

export type OrgRequestRow = NonNullable<Awaited<ReturnType<TenantRepository['findRequest']>>>;
