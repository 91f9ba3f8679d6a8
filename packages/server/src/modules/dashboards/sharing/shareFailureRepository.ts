/** SQL for wrong link passwords (dashboard_share_failures), which every node of a cluster reads. */
import { Repository } from '../../../platform/db/repository';

/** Data access for failed link passwords, keyed per link (`link:`) and per address (`ip:`). */
export class ShareFailureRepository extends Repository {
  /** Per key, the failures after `since` and the oldest of them. */
  countSince(keys: readonly string[], since: Date) {
    return this.db
      .selectFrom('dashboard_share_failures')
      .select([
        'key',
        (eb) => eb.fn.countAll<string>().as('failures'),
        (eb) => eb.fn.min('failed_at').as('oldest'),
      ])
      .where('key', 'in', keys)
      .where('failed_at', '>', since)
      .groupBy('key')
      .execute();
  }

  /** Records a failure under each key, first dropping those keys' failures at or before `forgetBefore`. */
  async record(orgId: string, keys: readonly string[], forgetBefore: Date): Promise<void> {
    await this.db
      .deleteFrom('dashboard_share_failures')
      .where('key', 'in', keys)
      .where('failed_at', '<=', forgetBefore)
      .execute();
    await this.db
      .insertInto('dashboard_share_failures')
      .values(keys.map((key) => ({ org_id: orgId, key })))
      .execute();
  }

  /** Forgets every failure under the key. */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('dashboard_share_failures').where('key', '=', key).execute();
  }
}
