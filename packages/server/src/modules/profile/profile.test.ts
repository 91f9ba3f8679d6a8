import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/security/passwords';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, DEMO_ADMIN, DEMO_ORG, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const getMe = (token: string) =>
  platform.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const putSettings = (token: string, payload: object) =>
  platform.app.inject({ method: 'PUT', url: '/api/me/settings', headers: bearer(token), payload });

describe('GET /api/me', () => {
  it('answers the profile with the organization apps and default settings', async () => {
    const session = await signInToOrg(platform.app);
    const response = await getMe(session.access_token);
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      email: DEMO_ADMIN.email,
      avatar: 9,
      org: { name: DEMO_ORG.name, role: 'admin', apps: [...APP_KEYS] },
    });
    expect(me.user_credentials.user_setting.visual_settings).toEqual({
      recently_visited_apps: [],
      taskbar_pos: 'bottom',
      desktop_wallpaper: 'none',
      sidebar_color: 'theme1',
      color_scheme: 'light',
    });
    expect(me.last_login_at).not.toBeNull();
  });
});

describe('PUT /api/me/settings', () => {
  it('saves part of the settings and keeps the rest', async () => {
    const session = await signInToOrg(platform.app);
    const saved = await putSettings(session.access_token, {
      visual_settings: {
        recently_visited_apps: ['dashboards', 'alerts'],
        taskbar_pos: 'top',
        color_scheme: 'dark',
      },
      avatar: 4,
    });
    expect(saved.statusCode).toBe(200);
    const me = (await getMe(session.access_token)).json();
    expect(me.avatar).toBe(4);
    expect(me.user_credentials.user_setting.visual_settings).toMatchObject({
      recently_visited_apps: ['dashboards', 'alerts'],
      taskbar_pos: 'top',
      color_scheme: 'dark',
      sidebar_color: 'theme1',
      desktop_wallpaper: 'none',
    });
  });

  it('refuses unknown values, unknown keys and duplicate recent apps without writing anything', async () => {
    const session = await signInToOrg(platform.app);
    const before = (await getMe(session.access_token)).json();
    for (const payload of [
      { visual_settings: { taskbar_pos: 'diagonal' } },
      { visual_settings: { recently_visited_apps: ['dashboards', 'dashboards'] } },
      { visual_settings: { recently_visited_apps: ['notAnApp'] } },
      { nickname: 'x' },
      { avatar: 0 },
    ]) {
      const response = await putSettings(session.access_token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await getMe(session.access_token)).json()).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it('keeps each organization to its own session: a token of one organization never opens another', async () => {
    const otherOrg = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Rival Mills', slug: 'rival-mills', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rival = await platform.deps.db
      .insertInto('users')
      .values({
        email: 'rival@mills.io',
        name: 'Rival',
        password_hash: await hashPassword('Rival#2026'),
        settings: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await platform.deps.db
      .insertInto('memberships')
      .values({ org_id: otherOrg.id, user_id: rival.id, role: 'admin' })
      .execute();

    const rivalSession = await signInToOrg(platform.app, 'rival@mills.io', 'Rival#2026');
    const rivalMe = (await getMe(rivalSession.access_token)).json();
    expect(rivalMe.org).toMatchObject({ name: 'Rival Mills', apps: ['dashboards'] });

    const demo = await signInToOrg(platform.app);
    const demoOrgSignIn = await platform.app.inject({
      method: 'POST',
      url: `/api/orgs/${demo.org_id}/sign-in`,
      headers: { 'auth-token': rivalSession.access_token },
    });
    expect(demoOrgSignIn.statusCode).toBe(401);

    await putSettings(rivalSession.access_token, { visual_settings: { taskbar_pos: 'left' } });
    expect(
      (await getMe(demo.access_token)).json().user_credentials.user_setting.visual_settings.taskbar_pos,
    ).not.toBe('left');

    const outbox = await platform.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: bearer(rivalSession.access_token),
    });
    expect(outbox.statusCode).toBe(403);
  });
});
