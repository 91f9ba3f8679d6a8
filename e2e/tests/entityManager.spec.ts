/**
 * Entity Manager journeys (issue 5; spec §2 Entity Manager sections and trails, §3 types and entities,
 * §5 'Please enter key' and the delete confirmation): types made in the UI, a three-level hierarchy
 * (Site → Line → sensor) built by hand, a CSV import with located entities, and the Entity Map
 * drawing them with MapLibre (WebGL through SwiftShader).
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { goToSection, openSensorData } from '../support/apps';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/environment';
import { type ApiSession, apiSession, resetSettings, seedStoredSession } from '../support/session';

// MapLibre needs WebGL; with --disable-gpu Chromium only offers it through SwiftShader when asked.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
  },
});

/** What the journey uses of the MapLibre map the page hangs on the map's container (a test hook). */
interface MapHook {
  jumpTo(options: { center: [number, number]; zoom: number }): void;
  once(event: 'idle', listener: () => void): void;
  project(lngLat: [number, number]): { x: number; y: number };
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const windowOf = (page: Page) => page.locator('[data-testid="app-window"][data-app-key="entityManager"]');

/** A fresh project per journey, so the journeys hold on a reused server too. */
async function createProject(request: APIRequestContext, session: ApiSession, name: string): Promise<string> {
  const response = await request.post(`/api/role_mgmt/orgs/${session.org_id}/projects`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { name, description: 'Entity Manager journey' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

async function openEntityManager(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator('[data-launcher-group="all"][data-app-key="entityManager"]').click();
  const window = windowOf(page);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Creates a type in the open types page; sensor types get one parameter row. */
async function createType(page: Page, window: Locator, kind: 'asset' | 'sensor', name: string) {
  await window.locator(`[data-tab="${kind}"]`).click();
  await window
    .getByRole('button', { name: `New ${kind} type` })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: `New ${kind} type` });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  if (kind === 'sensor') {
    await drawer.getByRole('button', { name: 'Add parameter' }).click();
    // Saving a blank row shows the spec's row messages and saves nothing.
    await drawer.getByRole('button', { name: 'Create type' }).click();
    await expect(drawer.getByText('Please enter key')).toBeVisible();
    await expect(drawer.getByText('Please enter data type')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Key 1' }).fill('temperature');
    await choose(page, drawer.getByRole('combobox', { name: 'Data type 1' }), 'Number');
    await drawer.getByRole('textbox', { name: 'Unit 1' }).fill('°C');
  }
  await drawer.getByRole('button', { name: 'Create type' }).click();
  await expect(drawer).toBeHidden();
  // The demo plant's types fill more than a page: find the new one by name.
  await window.getByRole('searchbox', { name: `Search ${kind} types` }).fill(name);
  await expect(window.locator('tr[data-row-key]', { hasText: name })).toBeVisible();
}

/** Fills the entity drawer and creates the entity; the parent comes preset from where it was opened. */
async function createEntity(page: Page, kind: 'asset' | 'sensor', name: string, type: string) {
  const drawer = page.getByRole('dialog', { name: `New ${kind}` });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, drawer.getByRole('combobox', { name: 'Type', exact: true }), type);
  await drawer.getByRole('button', { name: `Create ${kind}` }).click();
  await expect(drawer).toBeHidden();
}

const treeItem = (window: Locator, name: string) => window.locator('[role="treeitem"]', { hasText: name });

let session: ApiSession;
test.beforeEach(async ({ request, page }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

test('types made in the UI, a Site → Line → sensor hierarchy, a CSV import, and the points on the Entity Map', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const u = stamp();
  const [site, line, probe] = [`Site ${u}`, `Line ${u}`, `Probe ${u}`];
  const projectName = `Journey plant ${u}`;
  await createProject(request, session, projectName);
  const window = await openEntityManager(page);

  // Types: the Settings section holds both lists, one tab per kind.
  await goToSection(window, 'settings');
  await createType(page, window, 'asset', site);
  await createType(page, window, 'asset', line);
  await createType(page, window, 'sensor', probe);

  // Assets start on a project list under "Assets's Projects".
  await goToSection(window, 'assets');
  await expect(window.getByRole('navigation', { name: "Assets's Projects breadcrumb" })).toBeVisible();
  await window.getByRole('searchbox').fill(projectName);
  await window.locator('tr[data-row-key]', { hasText: projectName }).click();
  await expect(window.locator('[data-tree-state="empty"]')).toBeVisible();

  // Site at the top level, a Line under it, a sensor under the Line: each made from the detail's Add menu.
  await window.getByRole('button', { name: 'New asset' }).first().click();
  await createEntity(page, 'asset', 'North Site', site);
  await expect(window.getByTestId('detail-name')).toHaveText('North Site');
  await window.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Child asset' }).click();
  await createEntity(page, 'asset', 'Line 1', line);
  await expect(window.getByTestId('detail-name')).toHaveText('Line 1');
  await window.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sensor' }).click();
  await createEntity(page, 'sensor', 'Oil temperature', probe);
  await expect(window.getByTestId('detail-name')).toHaveText('Oil temperature');

  await expect(treeItem(window, 'North Site')).toHaveAttribute('aria-level', '1');
  await expect(treeItem(window, 'Line 1')).toHaveAttribute('aria-level', '2');
  await expect(treeItem(window, 'Oil temperature')).toHaveAttribute('aria-level', '3');
  const path = window.getByRole('navigation', { name: 'Hierarchy path' });
  await expect(path).toContainText('North Site');
  await expect(path).toContainText('Line 1');
  // Telemetry comes with the IoT Manager: the sensor says so rather than inventing values.
  await window.getByRole('button', { name: 'Show sensor data' }).click();
  await expect(window.getByTestId('sensor-data')).toContainText(
    'No data yet — connect a gateway in IoT Manager',
  );

  // Keyboard: up from the sensor selects its Line, left from there steps out to the Site.
  await treeItem(window, 'Oil temperature').click();
  await window.getByTestId('entity-tree').press('ArrowUp');
  await expect(window.getByTestId('detail-name')).toHaveText('Line 1');
  await window.getByTestId('entity-tree').press('ArrowLeft');
  await expect(treeItem(window, 'Line 1')).toHaveAttribute('aria-expanded', 'false');
  await window.getByTestId('entity-tree').press('ArrowLeft');
  await expect(window.getByTestId('detail-name')).toHaveText('North Site');

  // Import a CSV with located entities under the new types (written all or nothing).
  const csv = [
    'ref,kind,name,type,parent_ref,parent_id,description,latitude,longitude,position',
    `south,asset,South Site,${site},,,,48.1200,11.5600,`,
    `line-9,asset,Line 9,${line},south,,,48.1210,11.5610,`,
    `t-1,sensor,Inlet temperature,${probe},line-9,,,48.1211,11.5612,indoor`,
    `t-2,sensor,Outlet temperature,${probe},line-9,,,48.1212,11.5615,outdoor`,
  ].join('\n');
  await window.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: `Import into ${projectName}` });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'plant.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByTestId('import-file')).toContainText('4 rows');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Created 4 entities from 4 rows')).toBeVisible();
  await expect(window.getByTestId('count-assets')).toHaveText('4 assets');
  await expect(window.getByTestId('count-sensors')).toHaveText('3 sensors');
  await expect(treeItem(window, 'South Site')).toBeVisible();

  // Export CSV: a file download (fetched with the bearer token) the import would take back.
  await window.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^journey-plant-.*-hierarchy\.csv$/);
  const exported = (await readFile(await download.path())).toString('utf8').trim().split(/\r?\n/);
  expect(exported[0]).toMatch(/^ref,kind,name,type,parent_ref/);
  expect(exported).toHaveLength(8);

  // The Entity Map: project list first, then the four located entities drawn (clustered or not).
  await goToSection(window, 'entityMap');
  await expect(window.getByRole('navigation', { name: 'Entity Map Projects breadcrumb' })).toBeVisible();
  await window.getByRole('searchbox').fill(projectName);
  await window.locator('tr[data-row-key]', { hasText: projectName }).click();
  const map = window.getByTestId('entity-map');
  await expect(map).toHaveAttribute('data-located', '4');
  await expect(map).toHaveAttribute('data-style', 'offline');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map).toHaveAttribute('data-rendered-points', '4', { timeout: 20_000 });
  await expect(window.getByTestId('located-count')).toHaveText('4 of 7 entities located');

  // Close in, the sensors stand apart; clicking one opens a popup that leads to its detail in Sensors.
  const outlet: [number, number] = [11.5615, 48.1212];
  const at = await map.evaluate(async (element, center) => {
    const instance = (element as HTMLElement & { entityMap: MapHook }).entityMap;
    instance.jumpTo({ center, zoom: 19 });
    await new Promise<void>((done) => instance.once('idle', () => done()));
    return instance.project(center);
  }, outlet);
  await map.locator('canvas').click({ position: { x: at.x, y: at.y } });
  const popup = page.getByTestId('map-popup');
  await expect(popup).toContainText('Outlet temperature');
  await expect(popup).toContainText(probe);
  await popup.getByRole('button', { name: 'Open in Sensors' }).click();
  await expect(window).toHaveAttribute('data-section', 'sensors');
  await expect(window.getByRole('navigation', { name: "Sensor's Projects breadcrumb" })).toContainText(
    projectName,
  );
  await expect(window.getByTestId('detail-name')).toHaveText('Outlet temperature');
});

test('a type in use cannot be deleted: the server says who uses it', async ({ page, request }) => {
  const u = stamp();
  const typeName = `Boiler ${u}`;
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const projectId = await createProject(request, session, `Boiler room ${u}`);
  const created = await request.post(`/api/entity_mgmt/orgs/${session.org_id}/asset_types`, {
    headers,
    data: { name: typeName },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const type = (await created.json()) as { id: string };
  const entity = await request.post(`/api/entity_mgmt/orgs/${session.org_id}/projects/${projectId}/assets`, {
    headers,
    data: { name: `Boiler A ${u}`, type_id: type.id },
  });
  expect(entity.ok(), await entity.text()).toBe(true);

  const window = await openEntityManager(page);
  await goToSection(window, 'settings');
  // The new type is already on page 1; wait for the debounced search to answer, or its re-render
  // closes the row menu opened in the meantime.
  const searched = page.waitForResponse(
    (r) => r.url().includes('/asset_types?') && r.url().includes('search='),
  );
  await window.getByRole('searchbox').fill(typeName);
  await searched;
  const row = window.locator('tr[data-row-key]', { hasText: typeName });
  await expect(row).toContainText('1 entity');
  await row.getByRole('button', { name: `Actions for ${typeName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-message')).toHaveText('Are you sure you want to Delete?');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`cannot be deleted. Used by 1 asset: Boiler A ${u}`)).toBeVisible();
  await expect(row).toBeVisible();
});

/** A sensor the demo plant (seed/demoPlant.ts) is feeding now: its latest reading is seconds old. */
async function liveDemoSensor(request: APIRequestContext): Promise<{ project: string; sensor: string }> {
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const api = async <T>(path: string): Promise<T> => {
    const response = await request.get(`/api${path}`, { headers });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  let found: { project: string; sensor: string } | undefined;
  // The plant starts with the server: give its gateways a moment to send their first readings.
  await expect(async () => {
    const { projects } = await api<{ projects: { id: string; name: string }[] }>(
      `/entity_mgmt/orgs/${session.org_id}/projects?page_size=50`,
    );
    for (const project of projects) {
      const sensors = await api<{ entities: { id: string; name: string }[] }>(
        `/entity_mgmt/orgs/${session.org_id}/projects/${project.id}/sensors?page_size=50`,
      );
      for (const sensor of sensors.entities) {
        const latest = await api<{ values: { ts: string }[] }>(
          `/telemetry/orgs/${session.org_id}/sensors/${sensor.id}/latest`,
        );
        if (latest.values.some((v) => Date.now() - Date.parse(v.ts) < 5_000)) {
          found = { project: project.name, sensor: sensor.name };
          return;
        }
      }
    }
    throw new Error('no demo sensor has reported in the last 5 s');
  }).toPass({ timeout: 30_000 });
  if (!found) throw new Error('no live demo sensor');
  return found;
}

test("a demo sensor's latest values follow its readings live, without a reload", async ({
  page,
  request,
}) => {
  // A fresh server's plant needs a few seconds before its first readings.
  test.setTimeout(90_000);
  const plant = await liveDemoSensor(request);
  const window = await openEntityManager(page);
  await goToSection(window, 'sensors');
  const card = await openSensorData(window, plant.project, plant.sensor);
  await expect(card).toHaveAttribute('data-live', 'true');
  const values = card.locator('[data-testid^="latest-"]');
  await expect(values.first()).not.toHaveText('—');
  // The ages are the readings' own: seconds, never the minutes of a stale read.
  await expect(card.getByTestId('reading-age').first()).toHaveText(/^(now|\d+ seconds? ago)$/);
  // Some parameter changes within a few seconds while the page stays as it is (the plant reads every second).
  const before = await values.allTextContents();
  await expect
    .poll(async () => (await values.allTextContents()).join('|'), { timeout: 6_000 })
    .not.toBe(before.join('|'));
  // The history opens on the last hour.
  await expect(window.getByRole('combobox', { name: 'Range' })).toHaveValue('Last hour');
});
