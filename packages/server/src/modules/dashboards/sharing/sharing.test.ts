/** Password links and the shared view: export, credentials, verify, read-only reads, throttle, expiry, revoke. */
import { isValidPassword, SHARE_MAX_FAILURES } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../../../telemetry/writer';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson, tokenOf } from '../../entityManager/testSupport';
import { projectWithSensors } from '../../iotManager/testSupport';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  demoDashAdmin,
  expectStatus,
  seriesConfig,
  sharedClient,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let dash: DashClient;
let dashboard: { id: string };
let panel: { id: string };
let widget: { id: string };
let boiler: string;
let address = 0;

beforeAll(async () => {
  platform = await createTestPlatform();
  let token: string;
  ({ orgId, token, dash } = await demoDashAdmin(platform));
  ({ boiler } = await projectWithSensors(platform, orgId, token));
  dashboard = await createDashboard(dash, { name: 'Shared plant' });
  panel = await createPanel(dash, dashboard.id, 'Overview');
  widget = await addWidget(dash, panel.id, 'kpi.basic', {
    config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { last: 1 }),
  });
  await new TelemetryWriter(platform.deps.db).write([
    { orgId, sensorId: boiler, paramKey: 'temperature', ts: new Date(Date.now() - 60_000), value: 71.5 },
  ]);
});
afterAll(() => platform.close());

/** A link of the shared dashboard with a known password; answers uuid and password. */
async function makeLink(body: object = {}): Promise<{ uuid: string; password: string }> {
  const created = expectStatus(await dash.post(`/dashboards/${dashboard.id}/export`, body), 201).json();
  return { uuid: created.export.uuid, password: created.password };
}

/** GET …/verify from its own address, so throttling of one test does not reach another. */
function verify(uuid: string, password: string | undefined, ip = `10.0.0.${++address}`) {
  return platform.app.inject({
    method: 'GET',
    url: `/api/dash_mgmt/dashboards/${uuid}/verify`,
    headers: { 'x-forwarded-for': ip, ...(password === undefined ? {} : { password }) },
  });
}

async function shareToken(uuid: string, password: string): Promise<string> {
  return expectStatus(await verify(uuid, password), 200).json().token;
}

describe('making a link', () => {
  it('answers the link and a generated password once, and stores only its argon2id hash', async () => {
    const response = expectStatus(await dash.post(`/dashboards/${dashboard.id}/export`, {}), 201).json();
    expect(response.export).toMatchObject({
      dashboard_id: dashboard.id,
      url: `/dashboards/${response.export.uuid}`,
      status: 'active',
      expires_at: null,
      revoked_at: null,
      created_by: { name: expect.any(String) },
    });
    expect(isValidPassword(response.password)).toBe(true);
    const row = await platform.deps.db
      .selectFrom('dashboard_exports')
      .select('password_hash')
      .where('id', '=', response.export.uuid)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(response.password);
    const credentials = expectStatus(
      await dash.get(`/dashboards/${dashboard.id}/export/${response.export.uuid}/show_credentials`),
      200,
    ).json();
    expect(credentials).toMatchObject({
      uuid: response.export.uuid,
      link: `http://ferrite.test/dashboards/${response.export.uuid}`,
      status: 'active',
      password_hint: expect.stringContaining('shown once'),
    });
    expect(JSON.stringify(credentials)).not.toContain(response.password);
    const detail = (await dash.get(`/dashboards/${dashboard.id}`)).json();
    expect(detail.exports.map((e: { uuid: string }) => e.uuid)).toContain(response.export.uuid);
  });

  it("takes the owner's password when it meets the password rule", async () => {
    const { password } = await makeLink({ password: 'Plant#2026' });
    expect(password).toBe('Plant#2026');
    const weak = await dash.post(`/dashboards/${dashboard.id}/export`, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('body.password');
    const past = await dash.post(`/dashboards/${dashboard.id}/export`, {
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.json().errors).toEqual([
      { path: 'body.expires_at', message: 'expires_at must be in the future' },
    ]);
  });

  it('needs the export right', async () => {
    await addPerson(platform, orgId, { email: 'viewer@share.test', apps: ['dashboards'] });
    const viewer = dashClient(platform, orgId, await tokenOf(platform, 'viewer@share.test'));
    expect((await viewer.post(`/dashboards/${dashboard.id}/export`, {})).statusCode).toBe(403);
  });
});

describe('opening a link', () => {
  it("answers 401 'Please enter correct password' with title 'Error' to a wrong or missing password", async () => {
    const { uuid } = await makeLink();
    for (const password of ['wrong-password', undefined]) {
      const response = await verify(uuid, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        title: 'Error',
        detail: 'Please enter correct password',
        status: 401,
      });
    }
    const unknown = await verify('00000000-0000-4000-8000-000000000000', 'x');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a bearer token for the right password (body or header) that reads the dashboard, read-only', async () => {
    const { uuid, password } = await makeLink();
    const byBody = await platform.app.inject({
      method: 'POST',
      url: `/api/dash_mgmt/dashboards/${uuid}/verify`,
      payload: { password },
    });
    expect(expectStatus(byBody, 200).json()).toMatchObject({ token_type: 'Bearer', uuid });
    const verified = expectStatus(await verify(uuid, password), 200).json();
    expect(verified).toMatchObject({ token_type: 'Bearer', uuid, org_id: orgId, dashboard_id: dashboard.id });
    const viewer = sharedClient(platform, verified.token);

    for (const path of [`/dashboards/${uuid}/`, `/dashboards/${uuid}`]) {
      const view = expectStatus(await viewer.get(path), 200).json();
      expect(view).toMatchObject({
        uuid,
        org_id: orgId,
        dashboard: { id: dashboard.id, name: 'Shared plant', theme: 'default' },
        panels: [{ id: panel.id, name: 'Overview' }],
      });
    }
    const detail = expectStatus(await viewer.post(`/details/${uuid}/panels/${panel.id}`, {}), 200).json();
    expect(detail.widget_instances.map((w: { id: string }) => w.id)).toEqual([widget.id]);
    const data = expectStatus(
      await viewer.get(`/details/${uuid}/panels/${panel.id}/widget_instances/${widget.id}`),
      200,
    ).json();
    expect(data.series[0].points.map((p: { value: number }) => p.value)).toEqual([71.5]);
    const batch = expectStatus(
      await viewer.post(`/details/${uuid}/panels/${panel.id}/widget_data`, { reads: [{ id: widget.id }] }),
      200,
    ).json();
    expect(batch.results[0].data.series[0].points.map((p: { value: number }) => p.value)).toEqual([71.5]);
    expect(
      (
        await sharedClient(platform, null).post(`/details/${uuid}/panels/${panel.id}/widget_data`, {
          reads: [{ id: widget.id }],
        })
      ).statusCode,
    ).toBe(401);
    const hierarchy = expectStatus(
      await viewer.get(`/orgs/${orgId}/dashboards/${uuid}/hierarchy`),
      200,
    ).json();
    expect(hierarchy.panels[0].widget_instances).toEqual([
      { id: widget.id, title: 'KPI number', subpanel_id: null, widget_id: 'kpi.basic' },
    ]);

    // Read-only: the share token opens no member route.
    const member = dashClient(platform, orgId, verified.token);
    expect((await member.get('/dashboards')).statusCode).toBe(401);
    expect((await member.put(`/dashboards/${dashboard.id}`, { name: 'Hijacked' })).statusCode).toBe(401);
    expect(
      (await member.post(`/panels/${panel.id}/duplicate_widgets`, { widget_instance_ids: [widget.id] }))
        .statusCode,
    ).toBe(401);
    expect((await viewer.get(`/dashboards/${uuid}`, {})).statusCode).toBe(200);
    // Without the token nothing is readable.
    expect((await sharedClient(platform, null).get(`/dashboards/${uuid}/`)).statusCode).toBe(401);
  });

  it("keeps a link's token to its own dashboard", async () => {
    const { uuid, password } = await makeLink();
    const token = await shareToken(uuid, password);
    const other = await createDashboard(dash, { name: 'Private' });
    const otherPanel = await createPanel(dash, other.id, 'Secret');
    const otherLink = await makeLink();
    const viewer = sharedClient(platform, token);
    expect((await viewer.get(`/dashboards/${otherLink.uuid}/`)).statusCode).toBe(403);
    expect((await viewer.post(`/details/${uuid}/panels/${otherPanel.id}`, {})).statusCode).toBe(404);
    expect((await viewer.get(`/orgs/${orgId}/dashboards/${other.id}/hierarchy`)).statusCode).toBe(403);
  });

  it('lets members read the hierarchy with their own token', async () => {
    const hierarchy = expectStatus(await dash.get(`/dashboards/${dashboard.id}/hierarchy`), 200).json();
    expect(hierarchy.dashboard).toMatchObject({ id: dashboard.id, name: 'Shared plant' });
    expect(hierarchy.panels.map((p: { name: string }) => p.name)).toEqual(['Overview']);
    expect(
      (await sharedClient(platform, null).get(`/orgs/${orgId}/dashboards/${dashboard.id}/hierarchy`))
        .statusCode,
    ).toBe(401);
  });
});

describe('a password in the address', () => {
  it('is refused with a 400 naming the field, on GET and POST, and is neither checked nor counted', async () => {
    const { uuid, password } = await makeLink();
    const ip = '10.3.0.1';
    const attempts = [
      { method: 'GET' as const, query: { password } },
      { method: 'POST' as const, query: { password }, payload: { password } },
    ];
    // More wrong guesses than the throttle allows: none may reach the password check.
    for (let i = 0; i <= SHARE_MAX_FAILURES; i++)
      attempts.push({ method: 'GET', query: { password: 'wrong' } });
    for (const attempt of attempts) {
      const response = await platform.app.inject({
        ...attempt,
        url: `/api/dash_mgmt/dashboards/${uuid}/verify`,
        headers: { 'x-forwarded-for': ip },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          path: 'query.password',
          message: 'The password goes in the request body or the `password` header, never in the address',
        },
      ]);
      expect(response.json().token).toBeUndefined();
    }
    const failures = await platform.deps.db
      .selectFrom('dashboard_share_failures')
      .select('key')
      .where('key', 'in', [`link:${uuid}`, `ip:${ip}`])
      .execute();
    expect(failures).toEqual([]);
    expect((await verify(uuid, password, ip)).statusCode).toBe(200);
  });
});

describe('throttling wrong passwords', () => {
  it(`answers 429 after ${SHARE_MAX_FAILURES} wrong passwords, even to the right one, and keeps the count in the database`, async () => {
    const { uuid, password } = await makeLink();
    for (let i = 0; i < SHARE_MAX_FAILURES; i++) {
      expect((await verify(uuid, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await verify(uuid, password, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Too many wrong passwords. Try again in a few minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await platform.deps.db
      .selectFrom('dashboard_share_failures')
      .select('key')
      .where('key', '=', `link:${uuid}`)
      .execute();
    expect(rows).toHaveLength(SHARE_MAX_FAILURES);
    // One address guessing across links is stopped too.
    const other = await makeLink();
    for (let i = 0; i < SHARE_MAX_FAILURES; i++) await verify(other.uuid, 'wrong', '10.2.0.1');
    const third = await makeLink();
    expect((await verify(third.uuid, third.password, '10.2.0.1')).statusCode).toBe(429);
    expect((await verify(third.uuid, third.password, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('ending a link', () => {
  it('revoking answers 410 to verify and to tokens signed before; restoring needs the password again', async () => {
    const { uuid, password } = await makeLink();
    const token = await shareToken(uuid, password);
    const revoked = expectStatus(
      await dash.put(`/dashboards/${dashboard.id}/export/${uuid}`, { revoked: true }),
      200,
    ).json();
    expect(revoked).toMatchObject({ export: { status: 'revoked' }, password: null });
    const again = await verify(uuid, password);
    expect(again.statusCode).toBe(410);
    expect(again.json().detail).toBe('This dashboard link has been revoked');
    const viewer = sharedClient(platform, token);
    expect((await viewer.get(`/dashboards/${uuid}/`)).statusCode).toBe(410);
    expect(
      (await viewer.get(`/details/${uuid}/panels/${panel.id}/widget_instances/${widget.id}`)).statusCode,
    ).toBe(410);
    await dash.put(`/dashboards/${dashboard.id}/export/${uuid}`, { revoked: false });
    const stale = await viewer.get(`/dashboards/${uuid}/`);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().detail).toBe('The link session has ended; please enter the password again');
    expect(
      (await sharedClient(platform, await shareToken(uuid, password)).get(`/dashboards/${uuid}/`)).statusCode,
    ).toBe(200);
  });

  it('an expired link answers 410, and so do tokens signed before it expired', async () => {
    const { uuid, password } = await makeLink({ expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    const verified = expectStatus(await verify(uuid, password), 200).json();
    // The token never outlives the link.
    expect(new Date(verified.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    await platform.deps.db
      .updateTable('dashboard_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', uuid)
      .returning('id')
      .execute();
    const expired = await verify(uuid, password);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe('This dashboard link has expired');
    expect((await sharedClient(platform, verified.token).get(`/dashboards/${uuid}/`)).statusCode).toBe(410);
    const credentials = (
      await dash.get(`/dashboards/${dashboard.id}/export/${uuid}/show_credentials`)
    ).json();
    expect(credentials.status).toBe('expired');
  });

  it('a new password (shown once) or a new expiry ends the sessions signed before', async () => {
    const { uuid, password } = await makeLink();
    const token = await shareToken(uuid, password);
    const changed = expectStatus(
      await dash.put(`/dashboards/${dashboard.id}/export/${uuid}`, { regenerate_password: true }),
      200,
    ).json();
    expect(isValidPassword(changed.password)).toBe(true);
    expect((await sharedClient(platform, token).get(`/dashboards/${uuid}/`)).statusCode).toBe(401);
    expect((await verify(uuid, password)).statusCode).toBe(401);
    const fresh = await shareToken(uuid, changed.password);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const extended = (
      await dash.put(`/dashboards/${dashboard.id}/export/${uuid}`, { expires_at: later })
    ).json();
    expect(extended).toMatchObject({ password: null, export: { expires_at: later } });
    expect((await sharedClient(platform, fresh).get(`/dashboards/${uuid}/`)).statusCode).toBe(401);
    const both = await dash.put(`/dashboards/${dashboard.id}/export/${uuid}`, {
      password: 'Other#2026',
      regenerate_password: true,
    });
    expect(both.statusCode).toBe(400);
  });

  it("an archived organization's links read as revoked", async () => {
    const { uuid, password } = await makeLink();
    const setArchived = (at: Date | null) =>
      platform.deps.db
        .updateTable('orgs')
        .set({ archived_at: at })
        .where('id', '=', orgId)
        .returning('id')
        .execute();
    await setArchived(new Date());
    const response = await verify(uuid, password);
    await setArchived(null);
    expect(response.statusCode).toBe(410);
    expect((await verify(uuid, password)).statusCode).toBe(200);
  });

  it('deleting the dashboard ends its links', async () => {
    const doomed = await createDashboard(dash, { name: 'Doomed' });
    const link = expectStatus(await dash.post(`/dashboards/${doomed.id}/export`, {}), 201).json();
    const token = await shareToken(link.export.uuid, link.password);
    await dash.delete(`/dashboards/${doomed.id}`);
    expect((await sharedClient(platform, token).get(`/dashboards/${link.export.uuid}/`)).statusCode).toBe(
      401,
    );
    expect((await verify(link.export.uuid, link.password)).statusCode).toBe(404);
  });
});
