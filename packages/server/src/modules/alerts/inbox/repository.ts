/** SQL of the in-app inbox: a member's own in-app notifications in one organization. */
import { Repository } from '../../../platform/db/repository';

/** Data access for the inbox. */
export class InboxRepository extends Repository {
  /** How many of the user's in-app notifications are unread. */
  async unread(orgId: string, userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('alert_notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .where('medium', '=', 'in_app')
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the user's unread in-app notifications read: all, or those of the given alerts. */
  async markRead(orgId: string, userId: string, alertIds?: string[]): Promise<void> {
    if (alertIds && alertIds.length === 0) return;
    let query = this.db
      .updateTable('alert_notifications')
      .set({ read_at: new Date() })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .where('medium', '=', 'in_app')
      .where('read_at', 'is', null);
    if (alertIds) query = query.where('alert_id', 'in', alertIds);
    await query.execute();
  }
}
