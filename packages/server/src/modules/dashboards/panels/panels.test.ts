/** Panels and subpanels: CRUD, order, and moving every child of a panel's grid in one write. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  demoDashAdmin,
  expectStatus,
} from '../testSupport';

let platform: TestPlatform;
let dash: DashClient;
let dashboardId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ dash } = await demoDashAdmin(platform));
  dashboardId = (await createDashboard(dash)).id;
});
afterAll(() => platform.close());

describe('panels', () => {
  it('adds panels in order, lists, renames and reorders them', async () => {
    const first = await createPanel(dash, dashboardId, 'Overview');
    const second = await createPanel(dash, dashboardId, 'Energy');
    expect(first).toMatchObject({
      name: 'Overview',
      order: 0,
      subpanels: [],
      widget_instances: [],
      command_widgets: [],
    });
    expect(second.order).toBe(1);
    const moved = expectStatus(
      await dash.put(`/dashboards/${dashboardId}/panels/${second.id}`, { name: 'Energy use', order: 0 }),
      200,
    ).json();
    expect(moved).toMatchObject({ name: 'Energy use', order: 0 });
    await dash.put(`/dashboards/${dashboardId}/panels/${first.id}`, { name: 'Overview', order: 1 });
    const list = expectStatus(await dash.get(`/dashboards/${dashboardId}/panels`), 200).json();
    expect(list.panels.map((p: { name: string }) => p.name)).toEqual(['Energy use', 'Overview']);
    expect((await dash.get(`/dashboards/${dashboardId}/panels/${first.id}`)).json().name).toBe('Overview');
  });

  it('answers 404 for a panel of another dashboard and 400 for a nameless one', async () => {
    const other = await createDashboard(dash, { name: 'Other' });
    const panel = await createPanel(dash, other.id);
    expect((await dash.get(`/dashboards/${dashboardId}/panels/${panel.id}`)).statusCode).toBe(404);
    expect((await dash.put(`/dashboards/${dashboardId}/panels/${panel.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    const nameless = await dash.post(`/dashboards/${dashboardId}/panels`, { name: '' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toEqual([{ path: 'body.name', message: 'Please enter a panel name' }]);
  });

  it('moves subpanels and widgets of the panel in one write, refusing ids that are not its children', async () => {
    const panel = await createPanel(dash, dashboardId, 'Grid');
    const box = expectStatus(
      await dash.post(`/dashboards/${dashboardId}/panels/${panel.id}/subpanels`, { name: 'Box' }),
      201,
    ).json();
    expect(box).toMatchObject({ name: 'Box', order: 0, layout: { i: box.id, x: 0, y: 0, w: 12, h: 8 } });
    const widget = await addWidget(dash, panel.id, 'text.note', { config: { text_content: 'Hello' } });
    const stranger = await createPanel(dash, dashboardId, 'Stranger');
    const strangerWidget = await addWidget(dash, stranger.id, 'text.note');
    const refused = await dash.put(`/dashboards/${dashboardId}/panels/${panel.id}`, {
      name: 'Grid',
      layout: [
        { i: box.id, x: 0, y: 4, w: 6, h: 4 },
        { i: strangerWidget.id, x: 0, y: 0, w: 1, h: 1 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'body.layout.1.i', message: 'Not a subpanel or widget of this panel' },
    ]);
    // Nothing moved: the write is all or nothing.
    expect(
      (await dash.get(`/dashboards/${dashboardId}/panels/${panel.id}`)).json().subpanels[0].layout.y,
    ).toBe(0);
    const saved = expectStatus(
      await dash.put(`/dashboards/${dashboardId}/panels/${panel.id}`, {
        name: 'Grid',
        layout: [
          { i: box.id, x: 0, y: 4, w: 6, h: 4 },
          { i: widget.id, x: 6, y: 0, w: 6, h: 3 },
        ],
      }),
      200,
    ).json();
    expect(saved.subpanels[0].layout).toEqual({ i: box.id, x: 0, y: 4, w: 6, h: 4 });
    expect(saved.widget_instances[0].layout).toEqual({ i: widget.id, x: 6, y: 0, w: 6, h: 3 });
  });

  it('deletes a panel with everything in it', async () => {
    const panel = await createPanel(dash, dashboardId, 'Short-lived');
    await addWidget(dash, panel.id, 'text.note');
    expectStatus(await dash.delete(`/dashboards/${dashboardId}/panels/${panel.id}`), 204);
    expect((await dash.get(`/dashboards/${dashboardId}/panels/${panel.id}`)).statusCode).toBe(404);
    const widgets = await platform.deps.db
      .selectFrom('dashboard_widgets')
      .select('id')
      .where('panel_id', '=', panel.id)
      .execute();
    expect(widgets).toEqual([]);
  });
});

describe('subpanels', () => {
  it('creates, lists in order, reads, replaces and deletes subpanels (with the widgets in them)', async () => {
    const panel = await createPanel(dash, dashboardId, 'Boxes');
    const base = `/dashboards/${dashboardId}/panels/${panel.id}/subpanels`;
    const a = expectStatus(
      await dash.post(base, { name: 'A', layout: { x: 0, y: 0, w: 4, h: 4 } }),
      201,
    ).json();
    const b = expectStatus(await dash.post(base, { name: 'B' }), 201).json();
    expect(b.order).toBe(1);
    expect((await dash.get(base)).json().subpanels.map((s: { name: string }) => s.name)).toEqual(['A', 'B']);
    expect((await dash.get(`${base}/${a.id}`)).json()).toMatchObject({ name: 'A', layout: { w: 4, h: 4 } });
    const renamed = expectStatus(await dash.put(`${base}/${a.id}`, { name: 'A1', order: 5 }), 200).json();
    expect(renamed).toMatchObject({ name: 'A1', order: 5, layout: { x: 0, y: 0, w: 4, h: 4 } });
    const inside = await addWidget(dash, panel.id, 'text.note', { subpanel_id: b.id });
    expect(inside.subpanel_id).toBe(b.id);
    expectStatus(await dash.delete(`${base}/${b.id}`), 204);
    expect((await dash.get(`${base}/${b.id}`)).statusCode).toBe(404);
    expect((await dash.get(`/dashboards/${dashboardId}/panels/${panel.id}`)).json().widget_instances).toEqual(
      [],
    );
  });

  it('refuses a widget in a subpanel of another panel', async () => {
    const panel = await createPanel(dash, dashboardId, 'Left');
    const other = await createPanel(dash, dashboardId, 'Right');
    const box = (
      await dash.post(`/dashboards/${dashboardId}/panels/${other.id}/subpanels`, { name: 'Box' })
    ).json();
    const response = await dash.post(`/panels/${panel.id}/widgets/text.note/widget_instances`, {
      subpanel_id: box.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { path: 'body.subpanel_id', message: 'No subpanel with this id in this panel' },
    ]);
  });
});
