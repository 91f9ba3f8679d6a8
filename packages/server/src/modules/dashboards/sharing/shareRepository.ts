/** SQL for sharing dashboards with members by e-mail (dashboard_shares). */
import { Repository } from '../../../platform/db/repository';

/** Data access for a dashboard's e-mail shares. */
export class DashboardShareRepository extends Repository {
  /** The people a dashboard is shared with, oldest share first. */
  ofDashboard(orgId: string, dashboardId: string) {
    return this.db
      .selectFrom('dashboard_shares as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('users as b', 'b.id', 's.shared_by')
      .select([
        's.email',
        's.user_id',
        'u.name as user_name',
        'u.email as user_email',
        's.shared_by',
        'b.name as sharer_name',
        'b.email as sharer_email',
        's.created_at',
      ])
      .where('s.org_id', '=', orgId)
      .where('s.dashboard_id', '=', dashboardId)
      .orderBy('s.created_at')
      .orderBy('s.email')
      .execute();
  }

  /** How many people the dashboard is shared with. */
  async countOf(orgId: string, dashboardId: string): Promise<number> {
    const row = await this.db
      .selectFrom('dashboard_shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Shares the dashboard with these members; one already on the list stays as it was. */
  async insert(
    orgId: string,
    dashboardId: string,
    sharedBy: string | null,
    recipients: readonly { email: string; userId: string }[],
  ): Promise<void> {
    await this.db
      .insertInto('dashboard_shares')
      .values(
        recipients.map((recipient) => ({
          org_id: orgId,
          dashboard_id: dashboardId,
          email: recipient.email,
          user_id: recipient.userId,
          shared_by: sharedBy,
        })),
      )
      .onConflict((oc) => oc.columns(['org_id', 'dashboard_id', 'email']).doNothing())
      .execute();
  }

  /** Takes the share of this e-mail off the dashboard; answers the e-mail, or undefined when none was. */
  async remove(orgId: string, dashboardId: string, email: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('dashboard_shares')
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .where('email', '=', email)
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }
}

export type ShareRow = Awaited<ReturnType<DashboardShareRepository['ofDashboard']>>[number];
