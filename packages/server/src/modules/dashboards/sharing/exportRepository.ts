/** SQL for password links (dashboard_exports). */

import { Repository } from '../../../platform/db/repository';

/** Data access for a dashboard's password links. */
export class ExportRepository extends Repository {
  private select() {
    return this.db
      .selectFrom('dashboard_exports as e')
      .leftJoin('users as u', 'u.id', 'e.created_by')
      .innerJoin('orgs as o', 'o.id', 'e.org_id')
      .select([
        'o.archived_at as org_archived_at',
        'e.id',
        'e.org_id',
        'e.dashboard_id',
        'e.password_hash',
        'e.password_set_at',
        'e.token_version',
        'e.expires_at',
        'e.revoked_at',
        'e.created_by',
        'e.created_at',
        'u.name as creator_name',
        'u.email as creator_email',
      ]);
  }

  /** A link by its uuid, whatever its organization: the shared view knows only the uuid. */
  findByUuid(uuid: string) {
    return this.select().where('e.id', '=', uuid).executeTakeFirst();
  }

  /** A link of one dashboard of the organization. */
  find(orgId: string, dashboardId: string, uuid: string) {
    return this.select()
      .where('e.org_id', '=', orgId)
      .where('e.dashboard_id', '=', dashboardId)
      .where('e.id', '=', uuid)
      .executeTakeFirst();
  }

  /** A dashboard's links, newest first. */
  ofDashboard(orgId: string, dashboardId: string) {
    return this.select()
      .where('e.org_id', '=', orgId)
      .where('e.dashboard_id', '=', dashboardId)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
  }

  /** The uuids of a dashboard's links that are not revoked (expired ones too: their viewers are told). */
  async unrevokedIdsOf(orgId: string, dashboardId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dashboard_exports')
      .select('id')
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .where('revoked_at', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  /** When a link was revoked and when it expires, whatever its organization (a render names only the link). */
  findEnd(uuid: string) {
    return this.db
      .selectFrom('dashboard_exports')
      .select(['revoked_at', 'expires_at'])
      .where('id', '=', uuid)
      .executeTakeFirst();
  }

  /** Creates a link; answers its uuid. */
  async insert(values: {
    orgId: string;
    dashboardId: string;
    passwordHash: string;
    expiresAt: Date | null;
    createdBy: string | null;
  }): Promise<string> {
    const row = await this.db
      .insertInto('dashboard_exports')
      .values({
        org_id: values.orgId,
        dashboard_id: values.dashboardId,
        password_hash: values.passwordHash,
        expires_at: values.expiresAt,
        created_by: values.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Writes a link's new state; a new tokenVersion ends every share token signed before. */
  async update(
    orgId: string,
    uuid: string,
    values: {
      expiresAt: Date | null;
      revokedAt: Date | null;
      passwordHash: string;
      passwordSetAt: Date;
      tokenVersion: number;
    },
  ): Promise<void> {
    await this.db
      .updateTable('dashboard_exports')
      .set({
        expires_at: values.expiresAt,
        revoked_at: values.revokedAt,
        password_hash: values.passwordHash,
        password_set_at: values.passwordSetAt,
        token_version: values.tokenVersion,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', uuid)
      .returning('id')
      .execute();
  }
}

export type ExportRow = NonNullable<Awaited<ReturnType<ExportRepository['findByUuid']>>>;
