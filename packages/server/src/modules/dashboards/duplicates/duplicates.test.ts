/** Duplicating a dashboard, copying panels into another dashboard and widgets between panels. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import { createGateway, gatewayBody, iotClient } from '../../iotManager/testSupport';
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
let source: { id: string };
let panel: { id: string };
let box: { id: string };
let note: { id: string };
let boxed: { id: string };
let button: { id: string };

beforeAll(async () => {
  platform = await createTestPlatform();
  let orgId: string;
  let token: string;
  ({ orgId, token, dash } = await demoDashAdmin(platform));
  const gateway = (
    await createGateway(
      iotClient(platform, orgId, token),
      await addProject(platform, orgId, 'P'),
      gatewayBody('G'),
    )
  ).gateway;
  source = await createDashboard(dash, { name: 'Source', theme: 'forest' });
  panel = await createPanel(dash, source.id, 'Overview');
  await createPanel(dash, source.id, 'Second');
  box = (await dash.post(`/dashboards/${source.id}/panels/${panel.id}/subpanels`, { name: 'Box' })).json();
  note = await addWidget(dash, panel.id, 'text.note', {
    config: { text_content: 'Hi' },
    layout: { x: 0, y: 2, w: 4, h: 2 },
  });
  boxed = await addWidget(dash, panel.id, 'text.heading', {
    subpanel_id: box.id,
    layout: { x: 0, y: 0, w: 2, h: 2 },
  });
  button = expectStatus(
    await dash.post(`/panels/${panel.id}/command_widgets`, {
      kind: 'button',
      gateway_id: gateway.id,
      command_name: 'reset',
      layout: { x: 4, y: 3, w: 2, h: 2 },
    }),
    201,
  ).json();
});
afterAll(() => platform.close());

describe('duplicating', () => {
  it('copies a whole dashboard with its panels, subpanels and widgets under a new name', async () => {
    const copy = expectStatus(await dash.post(`/dashboards/${source.id}/duplicates`, {}), 201).json();
    expect(copy).toMatchObject({
      name: 'Source (copy)',
      theme: 'forest',
      panel_count: 2,
      widget_count: 3,
      exports: [],
    });
    expect(copy.id).not.toBe(source.id);
    const [first] = copy.panels;
    const detail = (await dash.get(`/dashboards/${copy.id}/panels/${first.id}`)).json();
    expect(detail.name).toBe('Overview');
    expect(detail.subpanels).toHaveLength(1);
    const copiedBox = detail.subpanels[0].id;
    expect(copiedBox).not.toBe(box.id);
    const heading = detail.widget_instances.find(
      (w: { widget_id: string }) => w.widget_id === 'text.heading',
    );
    expect(heading.subpanel_id).toBe(copiedBox);
    expect(detail.command_widgets[0]).toMatchObject({ command_name: 'reset', layout: { x: 4, y: 3 } });
    const named = (await dash.post(`/dashboards/${source.id}/duplicates`, { name: 'Night shift' })).json();
    expect(named.name).toBe('Night shift');
  });

  it("copies chosen panels to the end of another dashboard, refusing other dashboards' panels", async () => {
    const target = await createDashboard(dash, { name: 'Target' });
    await createPanel(dash, target.id, 'Existing');
    const copied = expectStatus(
      await dash.post(`/dashboards/${source.id}/duplicate_dashboards`, {
        target_dashboard_id: target.id,
        panel_ids: [panel.id],
      }),
      201,
    ).json();
    expect(copied.panels).toMatchObject([{ name: 'Overview', order: 1, dashboard_id: target.id }]);
    const foreign = await createPanel(dash, target.id, 'Foreign');
    const refused = await dash.post(`/dashboards/${source.id}/duplicate_dashboards`, {
      target_dashboard_id: '00000000-0000-4000-8000-000000000000',
      panel_ids: [foreign.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'body.target_dashboard_id', message: 'No dashboard with this id' },
      { path: 'body.panel_ids.0', message: 'Not a panel of this dashboard' },
    ]);
  });

  it('copies widgets into another panel below its contents, keeping their arrangement', async () => {
    const target = await createPanel(dash, source.id, 'Target');
    await addWidget(dash, target.id, 'text.note', { layout: { x: 0, y: 0, w: 12, h: 5 } });
    const detail = expectStatus(
      await dash.post(`/panels/${panel.id}/duplicate_widgets`, {
        widget_instance_ids: [note.id, boxed.id],
        command_widget_ids: [button.id],
        target_panel_id: target.id,
      }),
      201,
    ).json();
    expect(detail.id).toBe(target.id);
    expect(detail.widget_instances).toHaveLength(3);
    // The copies start at row 5 (below the existing widget) and keep their offsets from the top one.
    const layouts = [...detail.widget_instances.slice(1), ...detail.command_widgets].map(
      (w: { layout: { y: number } }) => w.layout.y,
    );
    expect(layouts.sort()).toEqual([5, 7, 8]);
    expect(detail.widget_instances.every((w: { subpanel_id: string | null }) => w.subpanel_id === null)).toBe(
      true,
    );
    const same = expectStatus(
      await dash.post(`/panels/${panel.id}/duplicate_widgets`, { widget_instance_ids: [boxed.id] }),
      201,
    ).json();
    const copies = same.widget_instances.filter((w: { widget_id: string }) => w.widget_id === 'text.heading');
    expect(copies.map((w: { subpanel_id: string }) => w.subpanel_id)).toEqual([box.id, box.id]);
  });

  it('refuses widgets of another panel and an empty choice', async () => {
    const other = await createPanel(dash, source.id, 'Other');
    const stray = await addWidget(dash, other.id, 'text.note');
    const refused = await dash.post(`/panels/${panel.id}/duplicate_widgets`, {
      widget_instance_ids: [stray.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'body.widget_instance_ids.0', message: 'Not a widget of this panel' },
    ]);
    const empty = await dash.post(`/panels/${panel.id}/duplicate_widgets`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'body.widget_instance_ids', message: 'Choose at least one widget' },
    ]);
  });
});
