/**
 * Stream Logic journey (issue 29; spec §1 Stream Logic, §2 the logic-chain editor, §3 logic-chain node):
 * a chain built in the editor, the way an engineer builds one: three kinds dragged from the palette
 * (gateway telemetry → formula → write virtual sensor), configured in the forms generated from their
 * schemas, connected by dragging from socket to socket, validated and deployed. A device on the gateway
 * then sends readings: the chain's edges count the messages, and the virtual sensor's value (°C → °F)
 * changes live on a dashboard widget bound to it.
 */
import { seriesKey } from '@ferrite/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { goToSection, openFromLauncher } from '../support/apps';
import { createFedSensor, deviceSends, type FedSensor, stamp } from '../support/fedSensor';
import { type ApiSession, apiPoster, apiSession, resetSettings, seedStoredSession } from '../support/session';

let session: ApiSession;
test.beforeEach(async ({ request, page }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

/** The virtual sensor the chain writes (°F) in the plant's project, and a dashboard with a KPI on it. */
async function virtualSensorOnDashboard(
  request: APIRequestContext,
  plant: FedSensor,
  u: string,
): Promise<{ sensorName: string; dashboardName: string; widgetTitle: string }> {
  const { post, at } = apiPoster(request, session);
  const sensorName = `Oven ${u} in °F`;
  const type = await post<{ id: string }>(at('entity_mgmt', '/sensor_types'), {
    name: `Derived °F ${u}`,
    parameters: [{ key: 'temperature_f', data_type: 'number', unit: '°F' }],
  });
  const sensor = await post<{ id: string }>(at('entity_mgmt', `/projects/${plant.projectId}/sensors`), {
    name: sensorName,
    type_id: type.id,
  });
  const dashboardName = `Oven ${u} live`;
  const widgetTitle = `Oven ${u} (°F)`;
  const dashboard = await post<{ id: string }>(at('dash_mgmt', '/dashboards'), { name: dashboardName });
  const panel = await post<{ id: string }>(at('dash_mgmt', `/dashboards/${dashboard.id}/panels`), {
    name: 'Overview',
  });
  await post(at('dash_mgmt', `/panels/${panel.id}/widgets/kpi.basic/widget_instances`), {
    config: {
      title: widgetTitle,
      unit: '°F',
      decimals: 1,
      series: [
        {
          key: seriesKey(sensor.id, 'temperature_f'),
          sensor_id: sensor.id,
          param_key: 'temperature_f',
          name: 'Oven °F',
        },
      ],
    },
    layout: { x: 0, y: 0, w: 4, h: 6 },
  });
  return { sensorName, dashboardName, widgetTitle };
}

/** Finds a kind with the palette's search, drags it onto the canvas at (x, y) of it; answers the new node. */
async function dropKind(editor: Locator, kind: string, name: string, x: number, y: number): Promise<Locator> {
  const before = await editor.locator('.react-flow__node').count();
  await editor.getByRole('textbox', { name: 'Search nodes' }).fill(name);
  await expect(editor.locator('[data-kind]')).toHaveCount(1);
  await editor
    .locator(`[data-kind="${kind}"]`)
    .dragTo(editor.getByTestId('chain-canvas'), { targetPosition: { x, y } });
  await expect(editor.locator('.react-flow__node')).toHaveCount(before + 1);
  return editor.locator('.react-flow__node').nth(before);
}

/** Drags from an output socket to an input socket with the mouse, in steps, as a hand does. */
async function connectSockets(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('A socket is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

const outputOf = (node: Locator) => node.locator('.react-flow__handle.source').first();
const inputOf = (node: Locator) => node.locator('.react-flow__handle.target').first();

/** The message count an edge's label shows (0 before any flowed). */
async function edgeCount(editor: Locator, index: number): Promise<number> {
  const label = await editor.locator('.react-flow__edge').nth(index).getAttribute('aria-label');
  return Number(/, (\d+) messages/.exec(label ?? '')?.[1] ?? 0);
}

test('a chain built in the editor (gateway → formula → virtual sensor) counts messages on its edges and moves a dashboard widget live', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const u = stamp();
  const plant = await createFedSensor(request, session, {
    projectName: `Oven line ${u}`,
    sensorName: `Oven ${u}`,
    gatewayName: `Oven edge ${u}`,
    typeName: `Oven probe ${u}`,
    param: { key: 'temperature', unit: '°C' },
  });
  const target = await virtualSensorOnDashboard(request, plant, u);
  const chainName = `Oven ${u} in °F`;

  await page.goto('/');
  const window = await openFromLauncher(page, 'streamLogic');
  await goToSection(window, 'logicChains');
  await window.getByRole('searchbox').fill(plant.projectName);
  await window.getByText(plant.projectName, { exact: true }).click();
  await window.getByRole('button', { name: 'New chain' }).first().click();
  const create = page.getByRole('dialog', { name: 'New logic chain' });
  await create.getByRole('textbox', { name: 'Name' }).fill(chainName);
  await create.getByRole('button', { name: /Create/ }).click();
  const editor = window.getByTestId('chain-editor');
  await expect(editor).toBeVisible();

  // Three kinds from the palette, left to right.
  const source = await dropKind(editor, 'gateway_telemetry', 'Gateway telemetry', 120, 120);
  await editor.getByRole('combobox', { name: 'Gateway' }).click();
  await page.getByRole('option', { name: plant.gatewayName }).click();
  const formula = await dropKind(editor, 'formula', 'Formula', 120, 320);
  await editor.getByRole('textbox', { name: 'Factor m' }).fill('1.8');
  await editor.getByRole('textbox', { name: 'Offset c' }).fill('32');
  const sink = await dropKind(editor, 'virtual_sensor', 'Write virtual sensor', 120, 520);
  await editor.getByRole('combobox', { name: 'Sensor' }).click();
  await page.getByRole('option', { name: target.sensorName }).click();
  await editor.getByRole('textbox', { name: 'Parameter' }).fill('temperature_f');

  // Sockets connected by hand; the edges appear.
  await connectSockets(page, outputOf(source), inputOf(formula));
  await expect(editor.locator('.react-flow__edge')).toHaveCount(1);
  await connectSockets(page, outputOf(formula), inputOf(sink));
  await expect(editor.locator('.react-flow__edge')).toHaveCount(2);

  // Validate, deploy (revision 2: the new chain was revision 1), then switch it on.
  await editor.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('The chain is ready to deploy.')).toBeVisible();
  await editor.getByRole('button', { name: 'Deploy' }).click();
  await expect(editor.getByTestId('revision')).toHaveText('r2');
  await expect(page.getByText('The chain is disabled: switch on Enabled to run it.')).toBeVisible();
  const enabled = editor.getByRole('switch', { name: 'Enabled' });
  await enabled.click();
  await expect(page.getByText('The chain is running')).toBeVisible();
  await expect(enabled).toBeChecked();

  // A device speaks: the edges count its readings.
  await deviceSends(request, plant, 20);
  await expect.poll(() => edgeCount(editor, 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(() => edgeCount(editor, 1), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await deviceSends(request, plant, 21);
  await expect.poll(() => edgeCount(editor, 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(formula.getByTestId(/^counts-/)).toContainText('out 2');

  // The dashboard's KPI shows the °F value and follows the next reading without a reload.
  const dashboards = await openFromLauncher(page, 'dashboards');
  await dashboards.locator('[data-section-key="open"]').click();
  await dashboards.getByRole('searchbox').fill(target.dashboardName);
  await dashboards.locator('[data-row-key]', { hasText: target.dashboardName }).click();
  const kpi = dashboards.locator(`[data-widget-title="${target.widgetTitle}"]`);
  await expect(kpi).toContainText('69.8');
  await deviceSends(request, plant, 25);
  await expect(kpi).toContainText('77.0', { timeout: 20_000 });
});
