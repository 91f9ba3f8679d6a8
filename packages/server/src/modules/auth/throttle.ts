/**
 * Sign-in throttling after OWASP's authentication guidance: growing delays instead of a lockout, so
 * a stranger guessing from their address cannot keep the owner out of the account from another one.
 *
 * Two counts, both in `auth_failures` (so every node sees the same): one account from one address
 * (`pair:`), and one address across all accounts (`ip:`, against credential stuffing). Past its free
 * failures a count makes the next try wait 1 s after the last failure, then 2 s, 4 s… up to 15 min.
 * The account itself is never counted alone. A success forgets its (account, address) pair.
 */
import {
  SIGN_IN_ADDRESS_FREE_FAILURES,
  SIGN_IN_FIRST_DELAY_SECONDS,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_MAX_DELAY_SECONDS,
  signInWaitMessage,
} from '@ferrite/contracts';
import { problems } from '../../platform/http/problem';
import type { SignInFailureRepository } from './failureRepository';

/** The wait a count of failures imposes after the last of them (0 while free ones remain). */
export function signInDelaySeconds(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(SIGN_IN_MAX_DELAY_SECONDS, SIGN_IN_FIRST_DELAY_SECONDS * 2 ** (failures - freeFailures));
}

/** One sign-in try, counted as a failure (from its start) unless it is marked a success. */
export interface SignInAttempt {
  /** The password was wrong: the wait runs from now. */
  failed(): Promise<void>;
  /** The password was right: forgets the (account, address) failures and this try. */
  succeeded(): Promise<void>;
}

/** Counts sign-in failures per (account, address) and per address in the database. */
export class SignInThrottle {
  constructor(private readonly failures: SignInFailureRepository) {}

  /**
   * Starts a try, or throws 429 with the seconds to wait. The try is recorded as a failure before the
   * password is checked, under a lock per address: a burst of tries sent at once is counted one by
   * one, so it cannot slip past the count while the first password hashes are being checked.
   */
  async begin(email: string, ip: string): Promise<SignInAttempt> {
    const pairKey = `pair:${ip}|${email}`;
    const addressKey = `ip:${ip}`;
    const mine = await this.failures.transaction(async (failures) => {
      await failures.lockAddress(addressKey);
      // The database's clock alone, so nodes with drifting clocks agree on the wait.
      const counts = await failures.recentFailures([pairKey, addressKey]);
      const wait = Math.max(
        0,
        ...counts.map((row) => {
          const free = row.key === pairKey ? SIGN_IN_FREE_FAILURES : SIGN_IN_ADDRESS_FREE_FAILURES;
          return signInDelaySeconds(Number(row.failures), free) - Number(row.since_last);
        }),
      );
      // A refused try checks no password, so it neither counts nor pushes the wait further out.
      if (wait > 0) {
        const seconds = Math.ceil(wait);
        throw problems.tooManyRequests(signInWaitMessage(seconds), seconds);
      }
      return failures.recordTry([pairKey, addressKey]);
    });
    return {
      failed: async () => {
        // The wait runs from the wrong answer, not from the start of the password check.
        await this.failures.markFailedNow(mine);
      },
      succeeded: async () => {
        // The address keeps its earlier failures: they may be guesses at other accounts.
        await this.failures.forget(pairKey, mine);
      },
    };
  }
}
