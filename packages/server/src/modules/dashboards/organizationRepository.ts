/**
 * What Dashboards reads of the organization it lives in and of its people: names for the mails it
 * sends, whether the organization is archived, and members by e-mail for sharing.
 */
import { Repository } from '../../platform/db/repository';

/** Data access for the organization and people around a dashboard. */
export class OrganizationRepository extends Repository {
  /** The organization's name, if it exists. */
  async orgName(orgId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('orgs').select('name').where('id', '=', orgId).executeTakeFirst();
    return row?.name;
  }

  /** The organization's archive time (null while active), or undefined when it is gone. */
  async orgArchivedAt(orgId: string): Promise<Date | null | undefined> {
    const row = await this.db
      .selectFrom('orgs')
      .select('archived_at')
      .where('id', '=', orgId)
      .executeTakeFirst();
    return row?.archived_at;
  }

  /** The person's name, if they exist. */
  async userName(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
    return row?.name;
  }

  /** Active members of the organization among these (lower-case) e-mails. */
  activeMembersByEmail(orgId: string, emails: readonly string[]) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.name'])
      .where('m.org_id', '=', orgId)
      .where('m.archived_at', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['u.email']), 'in', emails))
      .execute();
  }
}
