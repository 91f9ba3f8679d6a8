/** Sign-in throttling: growing waits per (account, address) and per address, never an account lockout. */
import {
  SIGN_IN_ADDRESS_FREE_FAILURES,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_MAX_DELAY_SECONDS,
} from '@ferrite/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

/** POST /api/sign-in from a client at `address` (the inject peer itself, no proxy involved). */
const signInFrom = (address: string, email: string, password: string) =>
  platform.app.inject({
    method: 'POST',
    url: '/api/sign-in',
    payload: { email, password },
    remoteAddress: address,
  });

const WRONG = 'Wrong@1234';

/** Lets `seconds` pass for every recorded failure (the waits run on the database's clock). */
async function letTimePass(seconds: number): Promise<void> {
  await sql`update auth_failures set failed_at = failed_at - make_interval(secs => ${seconds})`.execute(
    platform.deps.db,
  );
}

async function failTimes(address: string, email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    expect((await signInFrom(address, email, WRONG)).statusCode).toBe(401);
  }
}

describe('sign-in throttling', () => {
  it('ten wrong passwords from one address do not stop the platform admin signing in from another', async () => {
    await failTimes('198.51.100.10', DEMO_ADMIN.email, SIGN_IN_FREE_FAILURES);
    for (let i = SIGN_IN_FREE_FAILURES; i < 10; i++) {
      await letTimePass(SIGN_IN_MAX_DELAY_SECONDS);
      expect((await signInFrom('198.51.100.10', DEMO_ADMIN.email, WRONG)).statusCode).toBe(401);
    }
    const owner = await signInFrom('198.51.100.20', DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(owner.statusCode).toBe(200);
    // The guesser's address still waits, even with the right password: the owner's success elsewhere
    // does not clear it.
    const guesser = await signInFrom('198.51.100.10', DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(guesser.statusCode).toBe(429);
  });

  it('waits 1 s after the fifth failure, then 2 s, then 4 s, and Retry-After and the detail say so', async () => {
    const address = '198.51.100.30';
    const email = 'waits@ferrite.dev';
    await failTimes(address, email, SIGN_IN_FREE_FAILURES);
    for (const seconds of [1, 2, 4]) {
      const refused = await signInFrom(address, email, WRONG);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(seconds));
      expect(refused.json()).toEqual({
        title: 'Too many attempts',
        detail: `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
        status: 429,
      });
      await letTimePass(seconds);
      expect((await signInFrom(address, email, WRONG)).statusCode).toBe(401);
    }
    expect((await signInFrom(address, email, WRONG)).headers['retry-after']).toBe('8');
  });

  it('caps the wait at 15 minutes', async () => {
    const address = '198.51.100.40';
    const email = 'capped@ferrite.dev';
    await failTimes(address, email, SIGN_IN_FREE_FAILURES);
    for (let i = 0; i < 12; i++) {
      await letTimePass(SIGN_IN_MAX_DELAY_SECONDS);
      expect((await signInFrom(address, email, WRONG)).statusCode).toBe(401);
    }
    const refused = await signInFrom(address, email, WRONG);
    expect(refused.headers['retry-after']).toBe(String(SIGN_IN_MAX_DELAY_SECONDS));
    expect(refused.json().detail).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it('answers a throttled unknown e-mail exactly like a throttled account', async () => {
    const address = '198.51.100.50';
    await failTimes(address, 'nobody-here@ferrite.dev', SIGN_IN_FREE_FAILURES);
    await failTimes(address, DEMO_ADMIN.email, SIGN_IN_FREE_FAILURES);
    // Both series' last failures at one moment: on a loaded machine the known account's password checks
    // take long enough that the unknown e-mail's wait would otherwise have run out first.
    await sql`update auth_failures set failed_at = now()`.execute(platform.deps.db);
    const unknown = await signInFrom(address, 'nobody-here@ferrite.dev', WRONG);
    const known = await signInFrom(address, DEMO_ADMIN.email, WRONG);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('a success forgets the failures of that account from that address', async () => {
    const address = '198.51.100.60';
    await failTimes(address, DEMO_ADMIN.email, SIGN_IN_FREE_FAILURES);
    await letTimePass(1);
    expect((await signInFrom(address, DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
    // Free tries again, none waiting.
    await failTimes(address, DEMO_ADMIN.email, SIGN_IN_FREE_FAILURES);
  });

  it('a burst of tries sent at once cannot slip past the count', async () => {
    const address = '198.51.100.70';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signInFrom(address, 'burst@ferrite.dev', WRONG)),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401);
    expect(checked).toHaveLength(SIGN_IN_FREE_FAILURES);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(12 - SIGN_IN_FREE_FAILURES);
  });

  it('slows one address guessing at many accounts, with a growing wait, but not other addresses', async () => {
    const address = '198.51.100.80';
    for (let i = 0; i < SIGN_IN_ADDRESS_FREE_FAILURES; i++) {
      expect((await signInFrom(address, `stuffed${i}@ferrite.dev`, WRONG)).statusCode).toBe(401);
    }
    const refused = await signInFrom(address, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    await letTimePass(1);
    expect((await signInFrom(address, 'stuffed-next@ferrite.dev', WRONG)).statusCode).toBe(401);
    expect((await signInFrom(address, 'another@ferrite.dev', WRONG)).headers['retry-after']).toBe('2');
    const elsewhere = await signInFrom('198.51.100.81', DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(elsewhere.statusCode).toBe(200);
  });
});
