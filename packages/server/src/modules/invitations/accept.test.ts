import { Writable } from 'node:stream';
import { INVALID_INVITATION_TITLE } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/httpApp';
import { createLogger } from '../../platform/http/logging';
import {
  activityOf,
  addMember,
  createGroup,
  demoOrgId,
  invitationLinkIn,
  latestMail,
} from '../../testing/people';
import { bearer, signIn, signInToOrg } from '../../testing/session';
import { createTestPlatform, DEMO_ORG, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let orgId: string;
let adminToken: string;
let dashboardsGroupId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
  adminToken = (await signInToOrg(platform.app)).access_token;
  dashboardsGroupId = await createGroup(platform.deps.db, orgId, {
    name: 'Dashboard watchers',
    apps: ['dashboards'],
    permissions: ['dashboards.view', 'dashboards.share'],
  });
});
afterAll(() => platform.close());

const invite = (payload: object, token = adminToken) =>
  platform.app.inject({
    method: 'POST',
    url: `/api/role_mgmt/orgs/${orgId}/invitations`,
    headers: bearer(token),
    payload,
  });
const preview = (token: string) =>
  platform.app.inject({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}` });
const accept = (token: string, payload: object, headers: Record<string, string> = {}) =>
  platform.app.inject({
    method: 'POST',
    url: `/api/invitations/${encodeURIComponent(token)}/accept`,
    payload,
    headers,
  });

/** Invites and reads the link back from the outbox, as the invited person would. */
async function inviteAndReadLink(payload: { email: string } & Record<string, unknown>) {
  const response = await invite(payload);
  expect(response.statusCode, response.body).toBe(201);
  return {
    invitation: response.json(),
    link: invitationLinkIn((await latestMail(platform.deps.db, payload.email.toLowerCase())).text_body),
  };
}

describe('accepting a set-password invitation (issue 4 "Done when")', () => {
  it("lets the invited person open the mailed link, set a password, sign in, and see only their groups' apps", async () => {
    const { invitation, link } = await inviteAndReadLink({
      email: 'Grace@Plant.io',
      name: 'Grace Hopper',
      role: 'member',
      user_group_ids: [dashboardsGroupId],
    });
    expect(invitation).toMatchObject({
      email: 'grace@plant.io',
      kind: 'set-password',
      status: 'pending',
      user_groups: [{ id: dashboardsGroupId, name: 'Dashboard watchers' }],
    });
    expect(link.kind).toBe('set-password');
    expect(link.orgId).toBe(orgId);
    const mail = await latestMail(platform.deps.db, 'grace@plant.io');
    expect(mail.from_name.length).toBeGreaterThan(0);
    expect(mail.subject).toContain(DEMO_ORG.name);

    // The platform admin sees the same mail through the API outbox.
    const outbox = await platform.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?to=grace@plant.io',
      headers: bearer(adminToken),
    });
    expect(outbox.json().messages[0].text).toContain(link.url);

    const opened = await preview(link.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      email: 'grace@plant.io',
      name: 'Grace Hopper',
      org_id: orgId,
      org_name: DEMO_ORG.name,
      kind: 'set-password',
    });

    // Exactly what the web's set-password form sends.
    const accepted = await accept(link.token, { password: 'Compiler#1952' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json();
    expect(session).toMatchObject({ org_id: orgId, expires_in: expect.any(Number) });
    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();

    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@plant.io',
      org: { id: orgId, role: 'member' },
    });
    expect(me.json().abilities.apps).toEqual(['dashboards']);

    // Another app's API is closed to her: no roleManager.view.
    const users = await platform.app.inject({
      method: 'GET',
      url: `/api/role_mgmt/orgs/${orgId}/users`,
      headers: bearer(session.access_token),
    });
    expect(users.statusCode).toBe(403);

    // She can sign in normally with the password she chose.
    const fresh = await signInToOrg(platform.app, 'grace@plant.io', 'Compiler#1952');
    expect(fresh.org_id).toBe(orgId);

    const entries = await activityOf(platform.deps.db, orgId);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['invited', 'accepted']));
    const acceptedEntry = entries.find((e) => e.action === 'accepted');
    expect(acceptedEntry).toMatchObject({
      app: 'roleManager',
      actor_id: session.user_id,
      entity_type: 'invitation',
    });
  });

  it('is single use: the used link is refused afterwards, preview and accept alike', async () => {
    const { link } = await inviteAndReadLink({ email: 'once@plant.io' });
    expect((await accept(link.token, { password: 'Single#0001' })).statusCode).toBe(200);
    const again = await accept(link.token, { password: 'Single#0002' });
    expect(again.statusCode).toBe(410);
    expect(again.json().title).toBe(INVALID_INVITATION_TITLE);
    const opened = await preview(link.token);
    expect(opened.statusCode).toBe(410);
    expect(opened.json().title).toBe(INVALID_INVITATION_TITLE);
    // The first password stands.
    await signIn(platform.app, 'once@plant.io', 'Single#0001');
  });

  it('refuses an expired link with 410 and creates no account', async () => {
    const { invitation, link } = await inviteAndReadLink({ email: 'late@plant.io' });
    await platform.deps.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    expect((await preview(link.token)).statusCode).toBe(410);
    const response = await accept(link.token, { password: 'TooLate#123' });
    expect(response.statusCode).toBe(410);
    expect(response.json().title).toBe(INVALID_INVITATION_TITLE);
    const user = await platform.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@plant.io')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('answers 404 with the same title for a token that names no invitation', async () => {
    const response = await preview('not-a-real-token');
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe(INVALID_INVITATION_TITLE);
    expect((await accept('not-a-real-token', { password: 'Whatever#1' })).statusCode).toBe(404);
  });

  it('asks for a password that meets the rule, naming the field, and consumes nothing', async () => {
    const { link } = await inviteAndReadLink({ email: 'weak@plant.io' });
    const weak = await accept(link.token, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('body.password');
    const missing = await accept(link.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'body.password', message: 'Choose a password' }]);
    const unknownField = await accept(link.token, { password: 'Strong#123', admin: true });
    expect(unknownField.statusCode).toBe(400);
    expect((await preview(link.token)).statusCode).toBe(200);
    expect((await accept(link.token, { password: 'Strong#123' })).statusCode).toBe(200);
  });

  it('refuses a link of an organization that was archived since', async () => {
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({
        name: 'Closing Works',
        slug: 'closing-works',
        apps: JSON.stringify(['roleManager', 'dashboards']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adminId = await addMember(platform.deps.db, other.id, {
      email: 'closer@works.io',
      password: 'Closer#2026',
      role: 'admin',
    });
    expect(adminId).toBeTruthy();
    const closerToken = (await signInToOrg(platform.app, 'closer@works.io', 'Closer#2026')).access_token;
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/role_mgmt/orgs/${other.id}/invitations`,
      headers: bearer(closerToken),
      payload: { email: 'newbie@works.io' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const link = invitationLinkIn((await latestMail(platform.deps.db, 'newbie@works.io')).text_body);
    await platform.deps.db
      .updateTable('orgs')
      .set({ archived_at: new Date() })
      .where('id', '=', other.id)
      .execute();
    expect((await preview(link.token)).statusCode).toBe(410);
    expect((await accept(link.token, { password: 'Newbie#2026' })).statusCode).toBe(410);
  });
});

describe('accepting a join-org invitation', () => {
  it('adds an existing account after it confirms with its current password', async () => {
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Elsewhere Ltd', slug: 'elsewhere-ltd', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(platform.deps.db, other.id, { email: 'linus@elsewhere.io', password: 'Kernel#1991' });
    const { invitation, link } = await inviteAndReadLink({
      email: 'linus@elsewhere.io',
      user_group_ids: [dashboardsGroupId],
    });
    expect(invitation.kind).toBe('join-org');
    expect(link.kind).toBe('join-org');
    expect((await preview(link.token)).json()).toMatchObject({
      kind: 'join-org',
      email: 'linus@elsewhere.io',
    });

    // What the web's join button sends without a session: the server asks for the password.
    const bare = await accept(link.token, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0].path).toBe('body.current_password');

    const wrong = await accept(link.token, { current_password: 'Wrong#0000' });
    expect(wrong.statusCode).toBe(401);

    const joined = await accept(link.token, { current_password: 'Kernel#1991' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().org_id).toBe(orgId);
    const me = await platform.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(joined.json().access_token),
    });
    expect(me.json().org.id).toBe(orgId);
    expect(me.json().abilities.apps).toEqual(['dashboards']);

    // Both organizations are now on the picker.
    const picker = await signIn(platform.app, 'linus@elsewhere.io', 'Kernel#1991');
    expect(picker.orgs.map((o) => o.name).sort()).toEqual([DEMO_ORG.name, 'Elsewhere Ltd']);
  });

  it('accepts a live session of the same account instead of the password (the web join button)', async () => {
    const other = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Session Corp', slug: 'session-corp', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(platform.deps.db, other.id, { email: 'ada@session.io', password: 'Session#2026' });
    const adaSession = await signInToOrg(platform.app, 'ada@session.io', 'Session#2026');
    const { link } = await inviteAndReadLink({ email: 'ada@session.io' });

    // Someone else's session proves nothing.
    const foreign = await accept(link.token, {}, bearer(adminToken));
    expect(foreign.statusCode).toBe(400);

    const joined = await accept(link.token, {}, bearer(adaSession.access_token));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ user_id: adaSession.user_id, org_id: orgId });
  });
});

describe('logs', () => {
  it('never carry an invitation token, from the API or the web link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ ...platform.deps, log: createLogger('info', sink) });
    await app.ready();
    const { link } = await inviteAndReadLink({ email: 'logged@plant.io' });
    await app.inject({ method: 'GET', url: `/orgs/${orgId}/set-password/${link.token}` });
    await app.inject({ method: 'GET', url: `/api/invitations/${link.token}` });
    await app.inject({
      method: 'POST',
      url: `/api/invitations/${link.token}/accept`,
      payload: { password: 'Logged#2026' },
    });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('/api/invitations/[redacted]');
    expect(text).not.toContain(link.token);
    expect(text).not.toContain('Logged#2026');
  });
});
