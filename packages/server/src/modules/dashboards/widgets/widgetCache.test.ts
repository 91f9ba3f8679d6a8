/** Remembered widgets (widgetCache.ts): a refresh after any change answers what the widget is now. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { entityManagerClient } from '../../entityManager/testSupport';
import { projectWithSensors } from '../../iotManager/testSupport';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  expectStatus,
  seriesConfig,
  sharedClient,
  widgetInstancePath,
  widgetTestbed,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let token: string;
let dash: DashClient;
let dashboardId: string;
let panelId: string;
let boiler: string;
let pump: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, dash, token, boiler, pump, dashboardId, panelId } = await widgetTestbed(platform));
});
afterAll(() => platform.close());

const instancePath = (widgetId: string, id = '') => widgetInstancePath(panelId, widgetId, id);

describe('a remembered widget', () => {
  it('answers what the widget is now after it is edited, moved in the grid or deleted', async () => {
    // Each read below follows one that was answered, so it meets the remembered widget (widgetCache.ts).
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { title: 'Before' }),
    });
    const read = async (variant = 'line.basic') =>
      expectStatus(await dash.get(instancePath(variant, widget.id)), 200).json();
    expect((await read()).widget_instance.title).toBe('Before');
    expect((await read()).series[0].key).toBe(`${boiler}:temperature`);

    expectStatus(
      await dash.put(instancePath('line.basic', widget.id), {
        config: seriesConfig([{ sensor_id: pump, param_key: 'flow' }], { title: 'After' }),
      }),
      200,
    );
    const edited = await read();
    expect(edited.widget_instance.title).toBe('After');
    expect(edited.series.map((s: { key: string }) => s.key)).toEqual([`${pump}:flow`]);

    // A move in the panel's grid touches only the layout, and the next read still sees it.
    const { layout } = edited.widget_instance;
    expectStatus(
      await dash.put(`/dashboards/${dashboardId}/panels/${panelId}`, {
        name: 'Main',
        layout: [{ i: widget.id, x: layout.x, y: layout.y + 7, w: layout.w, h: layout.h }],
      }),
      200,
    );
    expect((await read()).widget_instance.layout.y).toBe(layout.y + 7);

    // Switched to another variant: only the new variant's path finds it.
    expectStatus(await dash.put(instancePath('area.basic', widget.id), {}), 200);
    expect((await dash.get(instancePath('line.basic', widget.id))).statusCode).toBe(404);
    expect((await read('area.basic')).widget_instance.widget_id).toBe('area.basic');

    expectStatus(await dash.delete(instancePath('area.basic', widget.id)), 204);
    expect((await dash.get(instancePath('area.basic', widget.id))).statusCode).toBe(404);
  });

  it("answers a sensor's new name and its type chain's new unit at the next read", async () => {
    const plant = await projectWithSensors(platform, orgId, token, 'Relabel');
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: plant.boiler, param_key: 'temperature' }]),
    });
    const label = async () => {
      const [series] = expectStatus(await dash.get(instancePath('line.basic', widget.id)), 200).json().series;
      return `${series.sensor_name} ${series.unit}`;
    };
    expect(await label()).toBe('Boiler °C');
    expect(await label()).toBe('Boiler °C');

    const em = entityManagerClient(platform, orgId, token);
    const sensorPath = `/projects/${plant.projectId}/sensors/${plant.boiler}`;
    const sensor = expectStatus(await em.get(sensorPath), 200).json();
    expectStatus(
      await em.put(sensorPath, { name: 'Boiler 2', type_id: sensor.type.id, parent_id: sensor.parent_id }),
      200,
    );
    expect(await label()).toBe('Boiler 2 °C');

    // The unit comes from the boiler type's parent: a change two links up the chain is seen too.
    const boilerType = expectStatus(await em.get(`/sensor_types/${sensor.type.id}`), 200).json();
    expectStatus(
      await em.put(`/sensor_types/${boilerType.parent_type.id}`, {
        name: 'Relabel thermal',
        parameters: [{ key: 'temperature', data_type: 'number', unit: 'K' }],
      }),
      200,
    );
    expect(await label()).toBe('Boiler 2 K');
  });

  it("answers a link holder what the link's dashboard holds now, and nothing of another dashboard", async () => {
    const widget = await addWidget(dash, panelId, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }], { title: 'Shared' }),
    });
    const link = expectStatus(await dash.post(`/dashboards/${dashboardId}/export`, {}), 201).json();
    const uuid = link.export.uuid;
    const { token: viewerToken } = expectStatus(
      await sharedClient(platform, null).post(`/dashboards/${uuid}/verify`, { password: link.password }),
      200,
    ).json();
    const viewer = sharedClient(platform, viewerToken);
    const path = `/details/${uuid}/panels/${panelId}/widget_instances/${widget.id}`;
    expect(expectStatus(await viewer.get(path), 200).json().widget_instance.title).toBe('Shared');
    expect(expectStatus(await viewer.get(path), 200).json().widget_instance.title).toBe('Shared');

    // A widget the member remembers, but of another dashboard: the link does not reach it.
    const otherPanel = await createPanel(dash, (await createDashboard(dash, { name: 'Private' })).id);
    const other = await addWidget(dash, otherPanel.id, 'line.basic', {
      config: seriesConfig([{ sensor_id: boiler, param_key: 'temperature' }]),
    });
    expectStatus(
      await dash.get(`/panels/${otherPanel.id}/widgets/line.basic/widget_instances/${other.id}`),
      200,
    );
    const through = `/details/${uuid}/panels/${otherPanel.id}/widget_instances/${other.id}`;
    expect((await viewer.get(through)).statusCode).toBe(404);

    expectStatus(await dash.delete(instancePath('line.basic', widget.id)), 204);
    expect((await viewer.get(path)).statusCode).toBe(404);
  });
});
