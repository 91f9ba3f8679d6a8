/**
 * SQL for sign-in and mail throttle counts (`auth_failures`, shared by every node). Times come from the
 * database's clock alone, so nodes with drifting clocks agree on every wait and on what is forgotten.
 */
import { SIGN_IN_FAILURE_MEMORY_SECONDS } from '@ferrite/contracts';
import { sql } from 'kysely';
import { Repository } from '../../platform/db/repository';

/** Failures older than the throttle's memory: nothing counts them any more. */
const forgottenBefore = () => sql<Date>`now() - make_interval(secs => ${SIGN_IN_FAILURE_MEMORY_SECONDS})`;

/** Data access for throttle counts; bind it to a transaction with `transaction`. */
export class SignInFailureRepository extends Repository {
  /** Holds the address's lock until the transaction ends, so its tries are counted one at a time. */
  async lockAddress(addressKey: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${addressKey}`}, 0))`.execute(this.db);
  }

  /** Per key, the failures still remembered and the seconds since the last of them. */
  recentFailures(keys: readonly string[]) {
    return this.db
      .selectFrom('auth_failures')
      .select([
        'key',
        (eb) => eb.fn.countAll<string>().as('failures'),
        sql<number>`extract(epoch from clock_timestamp() - max(failed_at))`.as('since_last'),
      ])
      .where('key', 'in', keys)
      .where('failed_at', '>', forgottenBefore())
      .groupBy('key')
      .execute();
  }

  /** Counts a try under each key now; answers the rows' ids. */
  async recordTry(keys: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .insertInto('auth_failures')
      .values(keys.map((key) => ({ key })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Moves the tries' time to now (the wait runs from the wrong answer). */
  async markFailedNow(ids: readonly string[]): Promise<void> {
    await this.db
      .updateTable('auth_failures')
      .set({ failed_at: sql<Date>`clock_timestamp()` })
      .where('id', 'in', ids)
      .execute();
  }

  /** Forgets every failure under the key and these tries. */
  async forget(key: string, ids: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('auth_failures')
      .where((eb) => eb.or([eb('key', '=', key), eb('id', 'in', ids)]))
      .execute();
  }

  /**
   * Deletes up to `limit` failures past the throttles' memory and obsolete `account:` rows, lowest ids
   * (the oldest) first; answers how many went.
   */
  async sweepBatch(limit: number): Promise<number> {
    const gone = await this.db
      .deleteFrom('auth_failures')
      .where(
        'id',
        'in',
        this.db
          .selectFrom('auth_failures')
          .select('id')
          .where((eb) => eb.or([eb('failed_at', '<', forgottenBefore()), eb('key', 'like', 'account:%')]))
          .orderBy('id')
          .limit(limit),
      )
      .returning('id')
      .execute();
    return gone.length;
  }
}
