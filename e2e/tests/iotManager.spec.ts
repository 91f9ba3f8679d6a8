/**
 * IoT Manager journey (spec §2 IoT Manager: My Projects → gateways → gateway detail; §3 Gateway; §5
 * gateway parameters and mapping): a gateway created in the UI shows its access token once; two
 * streaming parameters are added and mapped onto a sensor's parameters; the device simulator then
 * publishes readings with that token, and they appear in the gateway's log and as the sensor's latest
 * values in the Entity Manager.
 */
import { parameterProfiles, type RunningFleet, runFleet } from '@ferrite/simulator';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { goToSection } from '../support/apps';
import { type ApiSession, apiSession, resetSettings, seedStoredSession } from '../support/session';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const windowOf = (page: Page, appKey: string) =>
  page.locator(`[data-testid="app-window"][data-app-key="${appKey}"]`);

/** A fresh project with one sensor of a type that has temperature and humidity parameters. */
async function createPlant(request: APIRequestContext, session: ApiSession, u: string) {
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const project = await request.post(`/api/role_mgmt/orgs/${session.org_id}/projects`, {
    headers,
    data: { name: `IoT plant ${u}`, description: 'IoT Manager journey' },
  });
  expect(project.ok(), await project.text()).toBe(true);
  const projectId = ((await project.json()) as { id: string }).id;
  const type = await request.post(`/api/entity_mgmt/orgs/${session.org_id}/sensor_types`, {
    headers,
    data: {
      name: `Climate probe ${u}`,
      parameters: [
        { key: 'temperature', data_type: 'number', unit: '°C' },
        { key: 'humidity', data_type: 'number', unit: '%' },
      ],
    },
  });
  expect(type.ok(), await type.text()).toBe(true);
  const typeId = ((await type.json()) as { id: string }).id;
  const sensor = await request.post(`/api/entity_mgmt/orgs/${session.org_id}/projects/${projectId}/sensors`, {
    headers,
    data: { name: `Hall climate ${u}`, type_id: typeId },
  });
  expect(sensor.ok(), await sensor.text()).toBe(true);
  return { projectName: `IoT plant ${u}`, sensorName: `Hall climate ${u}` };
}

async function openApp(page: Page, appKey: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator(`[data-launcher-group="all"][data-app-key="${appKey}"]`).click();
  const window = windowOf(page, appKey);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

/** Fills streaming parameter row n (1-based) of the Parameters tab. */
async function fillStreamingRow(page: Page, window: Locator, n: number, row: [string, string, string]) {
  const [key, unit, path] = row;
  await window.getByRole('textbox', { name: `streaming key ${n}` }).fill(key);
  await window.getByRole('textbox', { name: `streaming json path ${n}` }).fill(path);
  await window.getByRole('combobox', { name: `streaming data type ${n}` }).click();
  await page.getByRole('option', { name: 'Number', exact: true }).click();
  await window.getByRole('textbox', { name: `streaming unit ${n}` }).fill(unit);
}

let session: ApiSession;
test.beforeEach(async ({ request, page }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

let fleet: RunningFleet | null = null;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});

/** The simulator's bounds for a parameter, to check a shown value is one it could have sent. */
function bounds(key: string): { min: number; max: number } {
  const profile = parameterProfiles(2).find((p) => p.key === key);
  if (!profile) throw new Error(`the simulator has no ${key} parameter`);
  return profile;
}

test('a gateway made in the UI, its payload mapped onto a sensor, and readings from the simulator in its log and on the sensor', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const u = stamp();
  const { projectName, sensorName } = await createPlant(request, session, u);
  const gatewayName = `Hall edge ${u}`;

  await page.goto('/');
  const window = await openApp(page, 'iotManager');
  await goToSection(window, 'gateways');

  // Gateways start on My Projects, under their breadcrumb: at its root the trail is the page's heading,
  // and a project's page leads back to My Projects from the same line.
  const trail = window.getByRole('navigation', { name: 'Gateways breadcrumb' });
  await expect(trail.getByRole('heading', { name: 'Gateways' })).toBeVisible();
  await window.getByRole('searchbox').fill(projectName);
  await window.locator('[data-row-key]', { hasText: projectName }).click();
  await expect(trail.getByRole('heading', { name: projectName })).toBeVisible();
  await expect(trail.getByRole('button', { name: 'My Projects' })).toBeVisible();
  await expect(window.getByTestId('tab-count-active')).toHaveText('0');

  // Create an HTTPS gateway speaking HTTP: the token is shown once.
  await window.getByRole('button', { name: 'New gateway' }).first().click();
  const drawer = page.getByRole('dialog', { name: /New gateway/ });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(gatewayName);
  await drawer.getByText('HTTPS', { exact: true }).click();
  await expect(drawer.getByRole('combobox', { name: 'Protocol' })).toHaveValue('HTTP');
  await drawer.getByRole('button', { name: 'Create gateway' }).click();
  const tokenModal = page.getByRole('dialog', { name: /Gateway created/ });
  await expect(tokenModal.getByText('will not be shown again', { exact: false })).toBeVisible();
  const accessToken = ((await tokenModal.getByTestId('access-token').textContent()) ?? '').trim();
  expect(accessToken).toMatch(/^fgw_/);
  await tokenModal.getByRole('button', { name: 'I have saved it' }).click();
  await expect(tokenModal).toBeHidden();
  await expect(page.getByText(accessToken)).toHaveCount(0);
  await expect(window.getByTestId('tab-count-active')).toHaveText('1');

  // Open it: the trail grows, the overview shows its credentials and the token's last characters only.
  await window.locator('tr[data-row-key]', { hasText: gatewayName }).click();
  const detail = window.getByTestId('gateway-detail');
  await expect(detail.getByTestId('gateway-name')).toHaveText(gatewayName);
  await expect(trail).toContainText(gatewayName);
  const gatewayId = await detail.getAttribute('data-gateway');
  expect(gatewayId).toBeTruthy();
  await expect(detail.getByTestId('token-hint')).toContainText(accessToken.slice(-4));

  // Two streaming parameters, saved together (an empty row first shows the spec's messages).
  await window.locator('[data-tab="parameters"]').click();
  await window.getByRole('button', { name: 'Add streaming parameter' }).click();
  await window.getByRole('button', { name: 'Save parameters' }).click();
  await expect(window.getByText('Please enter key')).toBeVisible();
  await expect(window.getByText('Please enter Unit')).toBeVisible();
  // The paths are the fields the simulator's readings carry.
  await fillStreamingRow(page, window, 1, ['temp', '°C', 'temperature']);
  await window.getByRole('button', { name: 'Add streaming parameter' }).click();
  await fillStreamingRow(page, window, 2, ['hum', '%', 'humidity']);
  await window.getByRole('button', { name: 'Save parameters' }).click();
  await expect(page.getByText('Parameters saved')).toBeVisible();
  await expect(window.getByTestId('params-save-bar')).toBeHidden();

  // Map each path onto the sensor's parameters in the project tree.
  await window.locator('[data-tab="mapping"]').click();
  await expect(window.getByTestId('mapping-tree')).toContainText(sensorName);
  await window.locator('[data-path="temperature"]').click();
  await window.getByRole('button', { name: `Map to ${sensorName} · temperature` }).click();
  await expect(window.locator('[data-mapping="temperature"]')).toBeVisible();
  await window.locator('[data-path="humidity"]').click();
  await window.getByRole('button', { name: `Map to ${sensorName} · humidity` }).click();
  await expect(window.locator('[data-mapping="humidity"]')).toBeVisible();
  await expect(window.locator(`[data-param="${sensorName}/temperature"]`)).toHaveAttribute(
    'data-mapped',
    'here',
  );

  // An empty log until a device speaks; then the simulator does, over HTTPS, with the token shown once.
  await window.locator('[data-tab="logs"]').click();
  await expect(window.getByTestId('logs-empty')).toBeVisible();
  const gatewayUuid = gatewayId as string;
  const identity = await request.get(`/api/iot_mgmt/orgs/${session.org_id}/gateways/${gatewayUuid}`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(identity.ok(), await identity.text()).toBe(true);
  const gateway = (await identity.json()) as { topic: string; client_id: string; username: string };
  fleet = await runFleet({
    gateways: [{ uuid: gatewayUuid, name: gatewayName, ...gateway, access_token: accessToken }],
    protocol: 'http',
    url: baseURL,
    rate: 2,
    params: 2,
  });

  // The log shows its readings without a reload (live socket or the 5 s auto sync), payload and all;
  // the simulator's heartbeats may come first.
  const line = window
    .locator('[data-testid="log-table"] tr[data-log][data-level="info"][data-kind="telemetry"]')
    .first();
  await expect(line).toBeVisible({ timeout: 15_000 });
  await line.getByRole('button', { name: 'Show payload' }).click();
  const payload = window.getByTestId('log-payload');
  await expect(payload).toContainText('"temperature":');
  await expect(payload).toContainText('"humidity":');
  await expect(detail.locator('[data-status="online"]')).toBeVisible();

  // The values are the sensor's latest in the Entity Manager.
  const em = await openApp(page, 'entityManager');
  await goToSection(em, 'sensors');
  await em.getByRole('searchbox').fill(projectName);
  await em.locator('tr[data-row-key]', { hasText: projectName }).click();
  await em.getByTestId('entity-list').locator('[data-row-key]', { hasText: sensorName }).click();
  await expect(em.getByTestId('detail-name')).toHaveText(sensorName);
  await em.getByRole('button', { name: 'Show sensor data' }).click();
  const shown = async (key: string, unit: string) => {
    const text = (await em.getByTestId(`latest-${key}`).textContent()) ?? '';
    expect(text).toMatch(new RegExp(`^-?\\d+(\\.\\d+)? ${unit}$`));
    const value = Number.parseFloat(text);
    expect(value).toBeGreaterThanOrEqual(bounds(key).min);
    expect(value).toBeLessThanOrEqual(bounds(key).max);
  };
  await expect(em.getByTestId('latest-temperature')).toHaveText(/°C$/);
  await shown('temperature', '°C');
  await shown('humidity', '%');
  const stats = fleet.stats();
  expect(stats.readings).toBeGreaterThan(0);
  expect(stats.problems).toBe(0);
});
