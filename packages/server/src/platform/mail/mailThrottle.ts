/**
 * Throttling of mail that callers without an account may ask for (password reset links), so nobody can
 * flood an inbox through the platform: at most so many mails of a kind to one e-mail, and from one
 * client address, within a sliding window. A request over either count answers 429 with the seconds
 * until the oldest counted mail leaves the window. The counts are kept per requested e-mail, whether
 * or not it has an account, so the answer says nothing about which e-mails have one.
 *
 * The counts live in `auth_failures` beside the sign-in throttle's, keyed `mail:<kind>:to:<e-mail>` and
 * `mail:<kind>:ip:<address>` (the database, so every node sees the same; its sweep deletes them).
 * A refused request is not counted, so asking again does not push the wait further out.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { problems } from '../http/problem';

/** How many mails of one kind a window allows, per recipient and per client address. */
export interface MailQuota {
  /** Names the kind of mail in the counts' keys. */
  kind: string;
  perRecipient: number;
  perAddress: number;
  windowSeconds: number;
  /** The 429's detail for a wait of that many seconds. */
  waitMessage: (seconds: number) => string;
}

/**
 * Counts a mail to each recipient from `address`, or throws 429 when a recipient or the address has had
 * its quota within the window. The counts are read and written under a lock per key (taken in one
 * order, so two requests never wait for each other's locks), so a burst sent at once is counted one by one.
 */
export async function takeMailQuota(
  db: Db,
  quota: MailQuota,
  address: string,
  recipients: readonly string[],
): Promise<void> {
  const addressKey = `mail:${quota.kind}:ip:${address}`;
  const recipientKeys = [...new Set(recipients)].map((email) => `mail:${quota.kind}:to:${email}`);
  const wanted = new Map([[addressKey, recipientKeys.length]]);
  for (const key of recipientKeys) wanted.set(key, 1);
  const keys = [...wanted.keys()].sort();
  await db.transaction().execute(async (trx) => {
    for (const key of keys) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    // Ages on the database's clock alone, so nodes with drifting clocks agree on the wait.
    const counted = await sql<{ key: string; age: number }>`
      select key, extract(epoch from clock_timestamp() - failed_at)::float8 as age
      from auth_failures
      where key in (${sql.join(keys)})
        and failed_at > clock_timestamp() - make_interval(secs => ${quota.windowSeconds})
      order by key, failed_at desc`.execute(trx);
    const wait = Math.max(
      0,
      ...keys.map((key) => {
        const limit = key === addressKey ? quota.perAddress : quota.perRecipient;
        const ages = counted.rows.filter((row) => row.key === key).map((row) => Number(row.age));
        return secondsUntilRoom(ages, limit, wanted.get(key) ?? 0, quota.windowSeconds);
      }),
    );
    if (wait > 0) {
      const seconds = Math.ceil(wait);
      throw problems.tooManyRequests(quota.waitMessage(seconds), seconds);
    }
    await trx
      .insertInto('auth_failures')
      .values(
        [...wanted].flatMap(([key, mails]) =>
          Array.from({ length: mails }, () => ({ key, failed_at: sql<Date>`clock_timestamp()` })),
        ),
      )
      .execute();
  });
}

/**
 * The seconds until `mails` more fit under `limit`, given the ages (newest first) of the mails counted
 * in the window: the mail that must leave is the one `limit - mails` places after the newest.
 */
export function secondsUntilRoom(
  agesNewestFirst: readonly number[],
  limit: number,
  mails: number,
  windowSeconds: number,
): number {
  if (agesNewestFirst.length + mails <= limit) return 0;
  const mustLeave = agesNewestFirst[Math.max(0, limit - mails)];
  // At least a moment: a mail about to leave the window is still counted until it has.
  return mustLeave === undefined ? 0 : Math.max(0.001, windowSeconds - mustLeave);
}
