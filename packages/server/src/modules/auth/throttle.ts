/** Sign-in throttling: failures per account and per IP inside a sliding window, kept in the database. */
import { SIGN_IN_FAILURE_WINDOW_SECONDS, SIGN_IN_MAX_FAILURES } from '@ferrite/contracts';
import type { Db } from '../../platform/db/database';
import { problems } from '../../platform/http/problem';

/** Counts and records sign-in failures so that every node of a cluster sees the same counts. */
export class SignInThrottle {
  constructor(private readonly db: Db) {}

  private static keys(email: string, ip: string): string[] {
    return [`account:${email}`, `ip:${ip}`];
  }

  /** Throws 429 when the account or the address has failed too often inside the window. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
    const rows = await this.db
      .selectFrom('auth_failures')
      .select([
        'key',
        (eb) => eb.fn.countAll<string>().as('failures'),
        (eb) => eb.fn.min('failed_at').as('oldest'),
      ])
      .where('key', 'in', SignInThrottle.keys(email, ip))
      .where('failed_at', '>', since)
      .groupBy('key')
      .execute();
    const blocked = rows.find((row) => Number(row.failures) >= SIGN_IN_MAX_FAILURES);
    if (!blocked) return;
    const oldest = new Date(blocked.oldest as unknown as string | Date).getTime();
    const retryAfter = Math.max(
      1,
      Math.ceil((oldest + SIGN_IN_FAILURE_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
    );
    throw problems.tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      retryAfter,
    );
  }

  /** Records a failure against both the account and the address. */
  async recordFailure(email: string, ip: string): Promise<void> {
    await this.db
      .insertInto('auth_failures')
      .values(SignInThrottle.keys(email, ip).map((key) => ({ key })))
      .execute();
  }

  /** Forgets the account's failures after a successful sign-in (the address keeps its count). */
  async clearAccount(email: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', `account:${email}`).execute();
  }
}
