/** Dashboards: the Active / Archived tabs, create, open (recent), replace, delete, the socket token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson, tokenOf } from '../../entityManager/testSupport';
import {
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  demoDashAdmin,
  expectStatus,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let dash: DashClient;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, dash } = await demoDashAdmin(platform));
});
afterAll(() => platform.close());

describe('creating and listing dashboards', () => {
  it('creates a dashboard with defaults and lists it on the Active tab with counts', async () => {
    const created = await createDashboard(dash, { name: '  Boiler house ', description: 'Line 1' });
    expect(created).toMatchObject({
      name: 'Boiler house',
      description: 'Line 1',
      theme: 'default',
      is_archived: false,
      layout: { columns: 12, row_height: 30, margin: 10, compact: 'vertical' },
      panel_count: 0,
      widget_count: 0,
      panels: [],
      exports: [],
      shared_with: 0,
      created_by: { name: expect.any(String) },
    });
    await createDashboard(dash, { name: 'Archived one', theme: 'dark', is_archived: true });
    const active = expectStatus(await dash.get('/dashboards'), 200).json();
    expect(active.dashboards.map((d: { name: string }) => d.name)).toEqual(['Boiler house']);
    expect(active.counts).toEqual({ active: 1, archived: 1 });
    expect(active.total_entries).toBe(1);
    expect(active.abilities).toContain('dashboards.create');
    const archived = (await dash.get('/dashboards', { is_archived: true })).json();
    expect(archived.dashboards).toMatchObject([{ name: 'Archived one', theme: 'dark', is_archived: true }]);
    const searched = (await dash.get('/dashboards', { search: 'line 1' })).json();
    expect(searched.dashboards.map((d: { name: string }) => d.name)).toEqual(['Boiler house']);
    const activity = await activityOf(platform.deps.db, orgId);
    expect(activity.map((a) => a.summary)).toContain('Created dashboard "Boiler house"');
  });

  it('refuses a body without a name or with an unknown theme, naming the fields', async () => {
    const response = await dash.post('/dashboards', { name: ' ', theme: 'neon' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.name', message: 'Please enter a dashboard name' },
      { path: 'body.theme', message: 'Please choose a theme' },
    ]);
  });
});

describe('one dashboard', () => {
  it('opens with its panels and joins the caller’s recent dashboards, newest first', async () => {
    const first = await createDashboard(dash, { name: 'First' });
    const second = await createDashboard(dash, { name: 'Second' });
    await createPanel(dash, first.id, 'Overview');
    const opened = expectStatus(await dash.get(`/dashboards/${first.id}`), 200).json();
    expect(opened.panels).toMatchObject([{ name: 'Overview', order: 0 }]);
    expect(opened.panel_count).toBe(1);
    await dash.get(`/dashboards/${second.id}`);
    await dash.get(`/dashboards/${first.id}`);
    const recent = expectStatus(await dash.get('/recent_dashboards'), 200).json();
    expect(recent.dashboards.map((d: { name: string }) => d.name)).toEqual(['First', 'Second']);
    expect(recent.dashboards[0].opened_at).toEqual(expect.any(String));
  });

  it('replaces fields, archives and unarchives through PUT', async () => {
    const created = await createDashboard(dash, { name: 'Editable' });
    const replaced = expectStatus(
      await dash.put(`/dashboards/${created.id}`, {
        name: 'Edited',
        theme: 'ocean',
        layout: { columns: 24, row_height: 20, margin: 8, compact: 'none' },
        is_archived: true,
      }),
      200,
    ).json();
    expect(replaced).toMatchObject({
      name: 'Edited',
      description: '',
      theme: 'ocean',
      is_archived: true,
      layout: { columns: 24, row_height: 20, margin: 8, compact: 'none' },
    });
    const recent = (await dash.get('/recent_dashboards')).json();
    expect(recent.dashboards.map((d: { id: string }) => d.id)).not.toContain(created.id);
    const back = (await dash.put(`/dashboards/${created.id}`, { name: 'Edited', is_archived: false })).json();
    expect(back.is_archived).toBe(false);
    const summaries = (await activityOf(platform.deps.db, orgId)).map((a) => a.summary);
    expect(summaries).toEqual(
      expect.arrayContaining(['Archived dashboard "Edited"', 'Unarchived dashboard "Edited"']),
    );
  });

  it('deletes a dashboard with its panels, and answers 404 afterwards', async () => {
    const created = await createDashboard(dash, { name: 'Doomed' });
    await createPanel(dash, created.id);
    expectStatus(await dash.delete(`/dashboards/${created.id}`), 204);
    expect((await dash.get(`/dashboards/${created.id}`)).json()).toMatchObject({
      status: 404,
      detail: 'Dashboard was not found',
    });
    const panels = await platform.deps.db
      .selectFrom('dashboard_panels')
      .select('id')
      .where('dashboard_id', '=', created.id)
      .execute();
    expect(panels).toEqual([]);
    expect((await dash.delete(`/dashboards/${created.id}`)).statusCode).toBe(404);
    expect((await dash.put(`/dashboards/${created.id}`, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a viewer list and open but not create, edit or delete', async () => {
    const target = await createDashboard(dash, { name: 'Look, do not touch' });
    await addPerson(platform, orgId, { email: 'viewer@dash.test', apps: ['dashboards'] });
    const viewer = dashClient(platform, orgId, await tokenOf(platform, 'viewer@dash.test'));
    expect((await viewer.get('/dashboards')).statusCode).toBe(200);
    expect((await viewer.get(`/dashboards/${target.id}`)).statusCode).toBe(200);
    const create = await viewer.post('/dashboards', { name: 'Mine' });
    expect(create.statusCode).toBe(403);
    expect(create.json().detail).toBe('You do not have permission to create in Dashboards');
    expect((await viewer.put(`/dashboards/${target.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await viewer.delete(`/dashboards/${target.id}`)).statusCode).toBe(403);
  });

  it('refuses everything to a member without the Dashboards app', async () => {
    await addPerson(platform, orgId, { email: 'outsider@dash.test', apps: ['entityManager'] });
    const outsider = dashClient(platform, orgId, await tokenOf(platform, 'outsider@dash.test'));
    expect((await outsider.get('/dashboards')).statusCode).toBe(403);
    expect((await outsider.post('/fetch_token')).statusCode).toBe(403);
  });
});

describe('the socket token', () => {
  it('answers a socket token that ends with the access token and is no access token itself', async () => {
    const response = expectStatus(await dash.post('/fetch_token'), 200).json();
    expect(response.token).toEqual(expect.any(String));
    expect(new Date(response.expires_at).getTime()).toBeGreaterThan(Date.now());
    const claims = await platform.deps.jwt.verify(response.token, 'socket');
    expect(claims).toMatchObject({ purpose: 'socket', org: orgId });
    // The socket token opens the socket only, never the API.
    const asAccess = await dashClient(platform, orgId, response.token).get('/dashboards');
    expect(asAccess.statusCode).toBe(401);
  });
});
