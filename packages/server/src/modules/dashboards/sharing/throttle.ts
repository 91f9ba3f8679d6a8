/** Wrong link passwords: failures per link and per address in a sliding window, kept in the database. */
import { SHARE_FAILURE_WINDOW_SECONDS, SHARE_MAX_FAILURES } from '@ferrite/contracts';
import type { DB } from '../shared';
import { DASHBOARD_MESSAGES, problems } from './messages';

/** Counts and records wrong passwords so every node of a cluster sees the same counts. */
export class SharePasswordThrottle {
  constructor(private readonly db: DB) {}

  private static keys(uuid: string, ip: string): string[] {
    return [`link:${uuid}`, `ip:${ip}`];
  }

  /** Throws 429 when the link or the address has failed too often inside the window. */
  async assertAllowed(uuid: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - SHARE_FAILURE_WINDOW_SECONDS * 1000);
    const rows = await this.db
      .selectFrom('dashboard_share_failures')
      .select([
        'key',
        (eb) => eb.fn.countAll<string>().as('failures'),
        (eb) => eb.fn.min('failed_at').as('oldest'),
      ])
      .where('key', 'in', SharePasswordThrottle.keys(uuid, ip))
      .where('failed_at', '>', since)
      .groupBy('key')
      .execute();
    const blocked = rows.find((row) => Number(row.failures) >= SHARE_MAX_FAILURES);
    if (!blocked) return;
    const oldest = new Date(blocked.oldest as unknown as string | Date).getTime();
    const retryAfter = Math.max(
      1,
      Math.ceil((oldest + SHARE_FAILURE_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
    );
    throw problems.tooManyRequests(DASHBOARD_MESSAGES.tooManyAttempts, retryAfter);
  }

  /** Records a wrong password against the link and the address. */
  async recordFailure(orgId: string, uuid: string, ip: string): Promise<void> {
    // Rows older than the window count for nothing: dropping them keeps the table small.
    await this.db
      .deleteFrom('dashboard_share_failures')
      .where('key', 'in', SharePasswordThrottle.keys(uuid, ip))
      .where('failed_at', '<=', new Date(Date.now() - SHARE_FAILURE_WINDOW_SECONDS * 1000))
      .execute();
    await this.db
      .insertInto('dashboard_share_failures')
      .values(SharePasswordThrottle.keys(uuid, ip).map((key) => ({ org_id: orgId, key })))
      .execute();
  }

  /** Forgets the link's failures after the right password (the address keeps its count). */
  async clearLink(uuid: string): Promise<void> {
    await this.db.deleteFrom('dashboard_share_failures').where('key', '=', `link:${uuid}`).execute();
  }
}
