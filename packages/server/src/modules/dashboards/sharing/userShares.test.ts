/** Sharing with members by e-mail: the mail in the outbox, the Shared Dashboards list, revoking. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailsTo } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson, tokenOf } from '../../entityManager/testSupport';
import { createDashboard, type DashClient, dashClient, demoDashAdmin, expectStatus } from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let dash: DashClient;
let colleague: DashClient;
let dashboard: { id: string };

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, dash } = await demoDashAdmin(platform));
  await addPerson(platform, orgId, { email: 'colleague@share.test', apps: ['dashboards'] });
  await addPerson(platform, orgId, { email: 'second@share.test', apps: ['dashboards'] });
  await addPerson(platform, orgId, { email: 'gone@share.test', apps: ['dashboards'], archived: true });
  colleague = dashClient(platform, orgId, await tokenOf(platform, 'colleague@share.test'));
  dashboard = await createDashboard(dash, { name: 'Cockpit' });
  await createDashboard(dash, { name: 'Not shared' });
});
afterAll(() => platform.close());

const path = () => `/dashboard/${dashboard.id}`;

describe('sharing by e-mail', () => {
  it('mails each member and lists them; they find it under Shared Dashboards', async () => {
    const shared = expectStatus(
      await dash.post(`${path()}/share`, {
        emails: ['Colleague@Share.test', 'second@share.test'],
        message: 'Morning numbers',
      }),
      201,
    ).json();
    expect(shared.users).toMatchObject([
      { email: 'colleague@share.test', user: { name: 'colleague' }, shared_by: { name: expect.any(String) } },
      { email: 'second@share.test', user: { name: 'second' } },
    ]);
    const mail = await latestMail(platform.deps.db, 'colleague@share.test');
    expect(mail.org_id).toBe(orgId);
    expect(mail.subject).toMatch(/shared the dashboard "Cockpit" with you$/);
    expect(mail.text_body).toContain('Morning numbers');
    expect(mail.text_body).toContain('http://ferrite.test/');
    expect((await dash.get(`${path()}/users`)).json().users).toHaveLength(2);

    const mine = expectStatus(await colleague.get('/dashboards', { shared: true }), 200).json();
    expect(mine.dashboards.map((d: { name: string }) => d.name)).toEqual(['Cockpit']);
    expect(mine.counts).toEqual({ active: 1, archived: 0 });
    expect((await colleague.get('/dashboards')).json().dashboards).toHaveLength(2);
    const detail = (await dash.get(`/dashboards/${dashboard.id}`)).json();
    expect(detail.shared_with).toBe(2);
  });

  it('sharing again mails again without listing twice', async () => {
    const before = (await mailsTo(platform.deps.db, 'second@share.test')).length;
    const again = expectStatus(
      await dash.post(`${path()}/share`, { emails: ['second@share.test'] }),
      201,
    ).json();
    expect(again.users).toHaveLength(2);
    expect(await mailsTo(platform.deps.db, 'second@share.test')).toHaveLength(before + 1);
  });

  it('refuses people who are not active members, and sends nothing then', async () => {
    const response = await dash.post(`${path()}/share`, {
      emails: ['stranger@elsewhere.io', 'gone@share.test', 'second@share.test', 'not-an-email'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'body.emails.3', message: 'Email must be valid' }]);
    const members = await dash.post(`${path()}/share`, {
      emails: ['stranger@elsewhere.io', 'gone@share.test'],
    });
    expect(members.statusCode).toBe(422);
    expect(members.json().errors).toEqual([
      { path: 'body.emails.0', message: 'Not a member of this organization' },
      { path: 'body.emails.1', message: 'Not a member of this organization' },
    ]);
    expect(await mailsTo(platform.deps.db, 'stranger@elsewhere.io')).toEqual([]);
  });

  it('revokes a share: it leaves their list; revoking again is 404', async () => {
    expectStatus(await dash.delete(`${path()}/revoke/colleague@share.test`), 204);
    expect((await colleague.get('/dashboards', { shared: true })).json().dashboards).toEqual([]);
    expect((await dash.get(`${path()}/users`)).json().users.map((u: { email: string }) => u.email)).toEqual([
      'second@share.test',
    ]);
    expect((await dash.delete(`${path()}/revoke/colleague@share.test`)).statusCode).toBe(404);
  });

  it('needs the share right', async () => {
    expect((await colleague.post(`${path()}/share`, { emails: ['second@share.test'] })).statusCode).toBe(403);
    expect((await colleague.get(`${path()}/users`)).statusCode).toBe(403);
    expect((await colleague.delete(`${path()}/revoke/second@share.test`)).statusCode).toBe(403);
  });
});
