/** Wrong link passwords: failures per link and per address in a sliding window, kept in the database. */
import { SHARE_FAILURE_WINDOW_SECONDS, SHARE_MAX_FAILURES } from '@ferrite/contracts';
import { DASHBOARD_MESSAGES, problems } from './messages';
import type { ShareFailureRepository } from './shareFailureRepository';

/** Counts and records wrong passwords so every node of a cluster sees the same counts. */
export class SharePasswordThrottle {
  constructor(private readonly failures: ShareFailureRepository) {}

  private static keys(uuid: string, ip: string): string[] {
    return [`link:${uuid}`, `ip:${ip}`];
  }

  /** Throws 429 when the link or the address has failed too often inside the window. */
  async assertAllowed(uuid: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - SHARE_FAILURE_WINDOW_SECONDS * 1000);
    const rows = await this.failures.countSince(SharePasswordThrottle.keys(uuid, ip), since);
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
    const windowStart = new Date(Date.now() - SHARE_FAILURE_WINDOW_SECONDS * 1000);
    await this.failures.record(orgId, SharePasswordThrottle.keys(uuid, ip), windowStart);
  }

  /** Forgets the link's failures after the right password (the address keeps its count). */
  async clearLink(uuid: string): Promise<void> {
    await this.failures.clear(`link:${uuid}`);
  }
}
