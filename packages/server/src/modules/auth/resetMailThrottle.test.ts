/** Forgot-password cannot flood an inbox: reset links per e-mail and per address within the hour. */
import { resetMailWaitMessage } from '@ferrite/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());
beforeEach(async () => {
  await platform.deps.db.deleteFrom('auth_failures').execute();
  await platform.deps.db.deleteFrom('outbox').execute();
});

/** POST /api/forgot-password from a client at `address`. */
const askFrom = (address: string, email: string) =>
  platform.app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    remoteAddress: address,
  });

async function mailsTo(email: string): Promise<number> {
  const rows = await platform.deps.db
    .selectFrom('outbox')
    .select('id')
    .where('to_address', '=', email)
    .execute();
  return rows.length;
}

/** Lets an hour pass for every counted request (the window runs on the database's clock). */
async function letAnHourPass(): Promise<void> {
  await sql`update auth_failures set failed_at = failed_at - interval '1 hour'`.execute(platform.deps.db);
}

async function askTimes(address: string, email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await askFrom(address, email)).statusCode).toBe(202);
}

describe('forgot-password throttling', () => {
  it('refuses the fourth reset link for one e-mail within the hour with 429, mailing nothing', async () => {
    await askTimes('198.51.100.1', DEMO_ADMIN.email, 3);
    const fourth = await askFrom('198.51.100.1', DEMO_ADMIN.email);
    expect(fourth.statusCode).toBe(429);
    const seconds = Number(fourth.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(fourth.json()).toMatchObject({ status: 429, detail: resetMailWaitMessage(seconds) });
    expect(fourth.json().detail).toBe('Too many password reset requests. Try again in 60 minutes.');
    expect(await mailsTo(DEMO_ADMIN.email)).toBe(3);

    // A refused request is not counted: once the hour has passed, a link is sent again.
    await letAnHourPass();
    expect((await askFrom('198.51.100.1', DEMO_ADMIN.email)).statusCode).toBe(202);
    expect(await mailsTo(DEMO_ADMIN.email)).toBe(4);
  });

  it('answers an e-mail without an account exactly as one with an account', async () => {
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) known.push(await askFrom('198.51.100.2', DEMO_ADMIN.email));
    for (let i = 0; i < 4; i++) unknown.push(await askFrom('198.51.100.3', 'nobody@ferrite.dev'));
    expect(unknown.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
    expect(unknown.map((r) => r.json())).toEqual(known.map((r) => r.json()));
    expect(unknown[3]?.headers['retry-after']).toMatch(/^\d+$/);
    expect(await mailsTo('nobody@ferrite.dev')).toBe(0);
  });

  it('counts one e-mail asked for from many addresses together', async () => {
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      await askTimes(address, DEMO_ADMIN.email, 1);
    }
    expect((await askFrom('203.0.113.4', DEMO_ADMIN.email)).statusCode).toBe(429);
    expect(await mailsTo(DEMO_ADMIN.email)).toBe(3);
  });

  it('lets one address ask for other e-mails until it has asked 20 times within the hour', async () => {
    const address = '192.0.2.50';
    await askTimes(address, DEMO_ADMIN.email, 3);
    expect((await askFrom(address, DEMO_ADMIN.email)).statusCode).toBe(429);
    for (let i = 0; i < 17; i++) await askTimes(address, `someone-${i}@ferrite.dev`, 1);
    const past = await askFrom(address, 'fresh@ferrite.dev');
    expect(past.statusCode).toBe(429);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(3500);
    // The e-mail itself has no count against it: from elsewhere it is answered as usual.
    expect((await askFrom('192.0.2.51', 'fresh@ferrite.dev')).statusCode).toBe(202);
  });

  it('a burst of ten requests at once for one e-mail sends three links', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => askFrom(`198.51.100.${100 + i}`, DEMO_ADMIN.email)),
    );
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
    expect(await mailsTo(DEMO_ADMIN.email)).toBe(3);
  });
});
