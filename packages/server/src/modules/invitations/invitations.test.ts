import { INVALID_INVITATION_TITLE, INVITATION_TTL_DAYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityOf,
  addMember,
  createGroup,
  demoOrgId,
  invitationLinkIn,
  latestMail,
  mailsTo,
} from '../../testing/people';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let orgId: string;
let adminToken: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = await demoOrgId(platform.deps.db);
  adminToken = (await signInToOrg(platform.app)).access_token;
});
afterAll(() => platform.close());

const base = () => `/api/role_mgmt/orgs/${orgId}/invitations`;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  platform.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const invite = (payload: object, token = adminToken) => call('POST', base(), payload, token);
const userCounts = async () =>
  (await call('GET', `/api/role_mgmt/orgs/${orgId}/users`)).json().counts as {
    active: number;
    archived: number;
    invites: number;
  };

describe('POST /role_mgmt/orgs/{orgId}/invitations', () => {
  it('creates a pending set-password invitation valid for 7 days and mails the link', async () => {
    const before = Date.now();
    const response = await invite({ email: 'new.person@plant.io', name: 'New Person' });
    expect(response.statusCode, response.body).toBe(201);
    const invitation = response.json();
    expect(invitation).toMatchObject({
      email: 'new.person@plant.io',
      name: 'New Person',
      role: 'member',
      kind: 'set-password',
      status: 'pending',
      user_groups: [],
      invited_by: { name: DEMO_ADMIN.name },
    });
    const ttl = new Date(invitation.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(INVITATION_TTL_DAYS * 86_400_000 - 60_000);
    expect(ttl).toBeLessThan(INVITATION_TTL_DAYS * 86_400_000 + 60_000);
    const mail = await latestMail(platform.deps.db, 'new.person@plant.io');
    const link = invitationLinkIn(mail.text_body);
    expect(link).toMatchObject({ orgId, kind: 'set-password' });
    // Only the hash is stored.
    const stored = await platform.deps.db
      .selectFrom('invitations')
      .select('token_hash')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(link.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 with field paths for bad input and writes nothing', async () => {
    const before = await platform.deps.db.selectFrom('invitations').select('id').execute();
    const badEmail = await invite({ email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([{ path: 'body.email', message: 'Email must be valid' }]);
    const badRole = await invite({ email: 'x@plant.io', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors[0].path).toBe('body.role');
    const badGroupId = await invite({ email: 'x@plant.io', user_group_ids: ['nope'] });
    expect(badGroupId.json().errors[0].path).toBe('body.user_group_ids.0');
    const otherOrg = await platform.deps.db
      .insertInto('orgs')
      .values({ name: 'Foreign Groups', slug: 'foreign-groups', apps: JSON.stringify(['dashboards']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignGroup = await createGroup(platform.deps.db, otherOrg.id, {
      name: 'Theirs',
      apps: ['dashboards'],
    });
    const foreign = await invite({ email: 'x@plant.io', user_group_ids: [foreignGroup] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'body.user_group_ids.0', message: 'Not an active user group of this organization' },
    ]);
    const extra = await invite({ email: 'x@plant.io', org_id: otherOrg.id });
    expect(extra.statusCode).toBe(400);
    expect(await platform.deps.db.selectFrom('invitations').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses to invite an active member, or someone already invited (409)', async () => {
    const member = await invite({ email: DEMO_ADMIN.email });
    expect(member.statusCode).toBe(409);
    expect(member.json().detail).toContain('already a member');
    expect((await invite({ email: 'twice@plant.io' })).statusCode).toBe(201);
    const twice = await invite({ email: 'twice@plant.io' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('Resend');
  });

  it('lets only organization admins invite admins; needs roleManager.inviteUsers at all', async () => {
    const inviters = await createGroup(platform.deps.db, orgId, {
      name: 'Inviters',
      apps: ['roleManager'],
      permissions: ['roleManager.view', 'roleManager.inviteUsers'],
    });
    await addMember(platform.deps.db, orgId, {
      email: 'inviter@plant.io',
      password: 'Inviter#2026',
      groupIds: [inviters],
    });
    await addMember(platform.deps.db, orgId, { email: 'viewer@plant.io', password: 'Viewer#2026' });
    const inviterToken = (await signInToOrg(platform.app, 'inviter@plant.io', 'Inviter#2026')).access_token;
    const viewerToken = (await signInToOrg(platform.app, 'viewer@plant.io', 'Viewer#2026')).access_token;
    expect((await invite({ email: 'promo@plant.io', role: 'admin' }, inviterToken)).statusCode).toBe(403);
    expect((await invite({ email: 'promo@plant.io', role: 'member' }, inviterToken)).statusCode).toBe(201);
    expect((await invite({ email: 'other@plant.io' }, viewerToken)).statusCode).toBe(403);
    expect((await call('GET', base(), undefined, viewerToken)).statusCode).toBe(403);
  });
});

describe('the user limit', () => {
  it('answers 409 with a message once active users and pending invitations fill limits.users', async () => {
    const db = platform.deps.db;
    const counts = await userCounts();
    // One seat left.
    await db
      .updateTable('orgs')
      .set({
        limits: JSON.stringify({
          users: counts.active + counts.invites + 1,
          gateways: 100,
          data_retention_days: 365,
        }),
      })
      .where('id', '=', orgId)
      .execute();
    expect((await invite({ email: 'last.seat@plant.io' })).statusCode).toBe(201);
    const full = await invite({ email: 'no.seat@plant.io' });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/limit of \d+ users/);
    await db
      .updateTable('orgs')
      .set({ limits: JSON.stringify({ users: 50, gateways: 100, data_retention_days: 365 }) })
      .where('id', '=', orgId)
      .execute();
  });
});

describe('resend and revoke', () => {
  it('re-invites with a new link and expiry; the old link dies', async () => {
    const created = (await invite({ email: 'resend@plant.io' })).json();
    const oldLink = invitationLinkIn((await latestMail(platform.deps.db, 'resend@plant.io')).text_body);
    await platform.deps.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', created.id)
      .execute();
    const resent = await call('POST', `${base()}/${created.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: created.id, status: 'pending' });
    expect(new Date(resent.json().expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const mails = await mailsTo(platform.deps.db, 'resend@plant.io');
    expect(mails).toHaveLength(2);
    const newLink = invitationLinkIn((mails[1] ?? mails[0])?.text_body ?? '');
    expect(newLink.token).not.toBe(oldLink.token);

    const old = await platform.app.inject({ method: 'GET', url: `/api/invitations/${oldLink.token}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().title).toBe(INVALID_INVITATION_TITLE);
    const current = await platform.app.inject({ method: 'GET', url: `/api/invitations/${newLink.token}` });
    expect(current.statusCode).toBe(200);
  });

  it('brings back an expired invitation; lists it as expired until then', async () => {
    const created = (await invite({ email: 'expired@plant.io' })).json();
    await platform.deps.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.id)
      .execute();
    const expired = (await call('GET', `${base()}?status=expired`)).json();
    expect(expired.invitations.map((i: { id: string }) => i.id)).toContain(created.id);
    expect(expired.abilities).toContain('roleManager.inviteUsers');
    const pending = (await call('GET', `${base()}?status=pending&page_size=200`)).json();
    expect(pending.invitations.map((i: { id: string }) => i.id)).not.toContain(created.id);
    const resent = await call('POST', `${base()}/${created.id}/resend`);
    expect(resent.json().status).toBe('pending');
  });

  it('revokes: the link stops working, the list shows it revoked, and it cannot be resent', async () => {
    const created = (await invite({ email: 'revoke@plant.io' })).json();
    const link = invitationLinkIn((await latestMail(platform.deps.db, 'revoke@plant.io')).text_body);
    const revoked = await call('DELETE', `${base()}/${created.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await call('DELETE', `${base()}/${created.id}`)).statusCode).toBe(204);
    const opened = await platform.app.inject({ method: 'GET', url: `/api/invitations/${link.token}` });
    expect(opened.statusCode).toBe(410);
    const list = (await call('GET', `${base()}?status=revoked`)).json();
    expect(list.invitations).toEqual([expect.objectContaining({ id: created.id, status: 'revoked' })]);
    expect((await call('POST', `${base()}/${created.id}/resend`)).statusCode).toBe(409);
    // A new invitation to the same address is fine once the old one is revoked.
    expect((await invite({ email: 'revoke@plant.io' })).statusCode).toBe(201);
  });

  it('refuses to resend or revoke an accepted invitation, and 404s an unknown one', async () => {
    const created = (await invite({ email: 'accepted@plant.io' })).json();
    const link = invitationLinkIn((await latestMail(platform.deps.db, 'accepted@plant.io')).text_body);
    const accepted = await platform.app.inject({
      method: 'POST',
      url: `/api/invitations/${link.token}/accept`,
      payload: { password: 'Accepted#1' },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await call('POST', `${base()}/${created.id}/resend`)).statusCode).toBe(409);
    expect((await call('DELETE', `${base()}/${created.id}`)).statusCode).toBe(409);
    const list = (await call('GET', `${base()}?status=accepted&search=accepted@`)).json();
    expect(list).toMatchObject({ total_entries: 1, invitations: [{ id: created.id, status: 'accepted' }] });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `${base()}/${unknown}/resend`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${unknown}`)).statusCode).toBe(404);
  });
});

describe('re-inviting an archived member', () => {
  it('moves them from Archived to Invites, and accepting restores the membership', async () => {
    const db = platform.deps.db;
    const userId = await addMember(db, orgId, { email: 'comeback@plant.io', password: 'Comeback#1' });
    await db
      .updateTable('memberships')
      .set({ assets: JSON.stringify(['asset-7']) })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
    const archived = await call('POST', `/api/role_mgmt/orgs/${orgId}/users/${userId}/archive`);
    expect(archived.statusCode).toBe(200);
    const start = await userCounts();

    const created = await invite({ email: 'comeback@plant.io' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().kind).toBe('join-org');
    const afterInvite = await userCounts();
    expect(afterInvite).toEqual({
      active: start.active,
      archived: start.archived - 1,
      invites: start.invites + 1,
    });
    const archivedTab = (
      await call('GET', `/api/role_mgmt/orgs/${orgId}/users?is_archived=true&page_size=200`)
    ).json();
    expect(archivedTab.users.map((u: { id: string }) => u.id)).not.toContain(userId);

    const link = invitationLinkIn((await latestMail(db, 'comeback@plant.io')).text_body);
    const joined = await platform.app.inject({
      method: 'POST',
      url: `/api/invitations/${link.token}/accept`,
      payload: { current_password: 'Comeback#1' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await userCounts()).toEqual({
      active: start.active + 1,
      archived: start.archived - 1,
      invites: start.invites,
    });
    const user = (await call('GET', `/api/role_mgmt/orgs/${orgId}/users/${userId}`)).json();
    expect(user).toMatchObject({ archived_at: null, assets: ['asset-7'] });

    const actions = (await activityOf(db, orgId)).filter((e) => e.entity_id === created.json().id);
    expect(actions.map((e) => [e.action, e.app])).toEqual([
      ['invited', 'roleManager'],
      ['accepted', 'roleManager'],
    ]);
    expect(actions[0]?.summary).toBe('Re-invited archived user comeback@plant.io');
  });

  it('puts them back under Archived when the invitation is revoked', async () => {
    const db = platform.deps.db;
    const userId = await addMember(db, orgId, { email: 'maybe@plant.io', password: 'Maybe#2026' });
    await call('POST', `/api/role_mgmt/orgs/${orgId}/users/${userId}/archive`);
    const start = await userCounts();
    const created = (await invite({ email: 'maybe@plant.io' })).json();
    expect(await userCounts()).toMatchObject({ archived: start.archived - 1, invites: start.invites + 1 });
    await call('DELETE', `${base()}/${created.id}`);
    expect(await userCounts()).toEqual(start);
  });
});
