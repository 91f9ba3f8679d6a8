import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('GET /api/admin/outbox', () => {
  it('shows a platform admin the mail the platform kept, newest first', async () => {
    for (const email of ['first@ferrite.dev', 'admin@ferrite.dev']) {
      await platform.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    }
    await platform.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'admin@ferrite.dev' },
    });
    const session = await signInToOrg(platform.app);
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: bearer(session.access_token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total_entries).toBe(2);
    expect(body.messages[0]).toMatchObject({
      to: 'admin@ferrite.dev',
      from_name: 'Ferrite',
      subject: 'Reset your Ferrite password',
      transport: 'outbox',
    });
    expect(new Date(body.messages[0].created_at) >= new Date(body.messages[1].created_at)).toBe(true);
  });

  it('uses the sender name of the brand of the host the request came to', async () => {
    await platform.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'admin@ferrite.dev' },
      headers: { host: '127.0.0.1' },
    });
    const latest = await platform.deps.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest.from_name).toBe('Lodestone');
  });

  it('refuses a member who is not a platform admin', async () => {
    await platform.deps.db.updateTable('users').set({ is_platform_admin: false }).execute();
    const session = await signInToOrg(platform.app);
    const response = await platform.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: bearer(session.access_token),
    });
    expect(response.statusCode).toBe(403);
  });
});
