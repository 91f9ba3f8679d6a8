import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../testing/people';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, DEMO_ORG, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const post = (url: string, headers: Record<string, string> = {}) =>
  platform.app.inject({ method: 'POST', url, headers });

describe('POST /api/switch-org', () => {
  it('takes a signed-in member back to the organization pick without the password, and the new step opens another organization', async () => {
    const db = platform.deps.db;
    const other = await db
      .insertInto('orgs')
      .values({ name: 'Second Mill', slug: 'second-mill', apps: JSON.stringify(APP_KEYS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(db, other.id, { email: 'two@mills.io', password: 'Mills#2026' });
    const demo = await db
      .selectFrom('orgs')
      .select('id')
      .where('name', '=', DEMO_ORG.name)
      .executeTakeFirstOrThrow();
    await addMember(db, demo.id, { email: 'two@mills.io', password: 'Mills#2026' });

    const session = await signInToOrg(platform.app, 'two@mills.io', 'Mills#2026');
    const response = await post('/api/switch-org', bearer(session.access_token));
    expect(response.statusCode).toBe(200);
    const step = response.json();
    expect(step.user).toMatchObject({ email: 'two@mills.io' });
    expect(step.orgs.map((o: { name: string }) => o.name).sort()).toEqual(
      [DEMO_ORG.name, 'Second Mill'].sort(),
    );

    const target = step.orgs.find((o: { id: string }) => o.id !== session.org_id);
    const next = await post(`/api/orgs/${target.id}/sign-in`, { 'auth-token': step.auth_token });
    expect(next.statusCode).toBe(200);
    expect(next.json().org_id).toBe(target.id);
  });

  it('refuses a caller without a session with 401', async () => {
    expect((await post('/api/switch-org')).statusCode).toBe(401);
    expect((await post('/api/switch-org', bearer('not-a-token'))).statusCode).toBe(401);
  });

  it('answers an organization-step token, not an access token: it opens no API call by itself', async () => {
    const session = await signInToOrg(platform.app);
    const step = (await post('/api/switch-org', bearer(session.access_token))).json();
    const me = await platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(step.auth_token) });
    expect(me.statusCode).toBe(401);
  });
});
