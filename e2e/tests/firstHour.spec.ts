/**
 * A newcomer's first hour (issue "The first hour", Done when): sign in with the banner's credentials,
 * pick the demo organization, open every working app and each of its sections, watch a demo sensor's
 * latest values change in the Entity Manager, see the plant's located entities on the Entity Map, and
 * build a dashboard whose new gauge takes its scale from its sensor's type, not 0–100. The keyboard
 * alone opens an app from the launcher. Nothing in the walk may throw in the page.
 */
import { APPS, type AppKey, visibleSections } from '@ferrite/contracts';
import { expect, type Page, test } from '@playwright/test';
import { goToSection, openFromLauncher, openSensorData, pick, windowOf } from '../support/apps';
import { DEMO_ADMIN, DEMO_ORG_NAME } from '../support/environment';
import { apiSession, resetSettings } from '../support/session';

/** The demo plant (seed/demo/plant): a simulated gateway feeds this conveyor drive every second. */
const PLANT = {
  project: 'Line 1 Assembly',
  sensor: 'CV-02 drive',
  /** The Conveyor drive type's belt speed range (seed/demo/plant/catalogue.ts). */
  speedRange: { min: 0, max: 40 },
} as const;

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The apps on the desktop that are built (no "Coming soon" pill on their icon). */
async function workingApps(page: Page): Promise<AppKey[]> {
  await expect(page.getByTestId('desktop-icon').first()).toBeVisible();
  return page
    .getByTestId('desktop-icon')
    .evaluateAll((icons) =>
      icons
        .filter((icon) => !icon.querySelector('[data-coming-soon]'))
        .map((icon) => (icon as HTMLElement).dataset.appKey as AppKey),
    );
}

test.beforeEach(async ({ request }) => {
  // The same desktop every run: the journey signs in through the page, but starts from the default look.
  await resetSettings(request, await apiSession(request));
});

test("a newcomer's first hour: every working app, live values, the map, a gauge scaled to its sensor", async ({
  page,
}) => {
  // About 60 steps across five apps, the plant's first live readings and a widget wizard; a quiet
  // machine walks it in about a minute, two loaded cores in three.
  test.setTimeout(240_000);
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));

  // Sign in with the credentials the terminal banner prints; the e-mail field has the focus at once.
  await page.goto('/user/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(DEMO_ORG_NAME) }).click();
  await expect(page).toHaveURL(/\/$/);

  // Every working app opens from the launcher and shows each of its sections (a throw anywhere fails the walk below).
  const apps = await workingApps(page);
  expect(apps).toEqual(
    expect.arrayContaining(['tenantManager', 'roleManager', 'entityManager', 'iotManager']),
  );
  expect(apps).toContain('dashboards');
  for (const key of apps) {
    const window = await openFromLauncher(page, key);
    for (const section of visibleSections(APPS[key])) {
      await goToSection(window, section.key);
    }
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(window).toHaveCount(0);
  }

  // The Entity Manager: a demo sensor's latest values change while the page stays as it is.
  const entities = await openFromLauncher(page, 'entityManager');
  await goToSection(entities, 'sensors');
  const card = await openSensorData(entities, PLANT.project, PLANT.sensor);
  await expect(card).toHaveAttribute('data-live', 'true', { timeout: 30_000 });
  const values = card.locator('[data-testid^="latest-"]');
  await expect(values.first()).not.toHaveText('—', { timeout: 30_000 });
  const before = (await values.allTextContents()).join('|');
  await expect
    .poll(async () => (await values.allTextContents()).join('|'), { timeout: 15_000 })
    .not.toBe(before);

  // The Entity Map: the plant's assets and sensors are located and drawn.
  await goToSection(entities, 'entityMap');
  await entities.getByRole('searchbox').fill(PLANT.project);
  await entities.locator('tr[data-row-key]', { hasText: PLANT.project }).click();
  const map = entities.getByTestId('entity-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect
    .poll(async () => Number(await map.getAttribute('data-located')), { timeout: 20_000 })
    .toBeGreaterThan(10);
  await expect
    .poll(async () => Number((await map.getAttribute('data-rendered-points')) ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await entities.getByRole('button', { name: 'Close' }).click();

  // A new dashboard; its first gauge reads the belt speed on the sensor type's 0–40 m/min, not 0–100.
  const name = `First hour ${stamp()}`;
  const dashboards = await openFromLauncher(page, 'dashboards');
  await goToSection(dashboards, 'new');
  await dashboards.getByRole('radio', { name: 'Ocean' }).click();
  await dashboards.getByRole('textbox', { name: 'Name' }).fill(name);
  await dashboards.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(dashboards.locator(`[data-dashboard="${name}"]`)).toHaveAttribute('data-editing', 'true');
  await dashboards.getByRole('button', { name: 'Add widget' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add widget' });
  await dialog.getByRole('textbox', { name: 'Search widgets' }).fill('gauge');
  await dialog.locator('[data-variant="gauge.basic"]').click();
  await pick(page, dialog, 'Series 1 project', PLANT.project);
  await pick(page, dialog, 'Series 1 sensor', PLANT.sensor);
  await pick(page, dialog, 'Series 1 parameter', /^speed\b/);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('tab', { name: 'Thresholds' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Entire range min' })).toHaveValue(
    String(PLANT.speedRange.min),
  );
  await expect(dialog.getByRole('textbox', { name: 'Entire range max' })).toHaveValue(
    String(PLANT.speedRange.max),
  );
  await dialog.getByRole('tab', { name: 'General' }).click();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Belt speed');
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/widget_instances'));
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  const body = (await saved).postDataJSON() as { config: { entire_range: { min: number; max: number } } };
  expect(body.config.entire_range).toEqual(PLANT.speedRange);
  await expect(dialog).toBeHidden();
  const gauge = dashboards.locator('[data-widget-title="Belt speed"]');
  await expect(gauge.locator('canvas')).toBeVisible();
  await dashboards.getByRole('button', { name: 'Done' }).click();
  await expect(dashboards.getByText('1 widget on 1 panel')).toBeVisible();
  await dashboards.getByRole('button', { name: 'Close' }).click();
  await expect(windowOf(page, 'dashboards')).toHaveCount(0);

  // The keyboard alone: closing the window gave focus back to the launcher button; Enter opens the
  // launcher with its search focused, a few letters narrow it, Tab reaches the tile, Enter opens the app.
  const launcher = page.getByRole('button', { name: 'Open launcher' });
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Search apps' })).toBeFocused();
  await page.keyboard.type('Entity');
  const tile = page.locator('[data-launcher-group="all"][data-app-key="entityManager"]');
  for (let stop = 0; stop < 10 && !(await tile.evaluate((el) => el === document.activeElement)); stop++)
    await page.keyboard.press('Tab');
  await expect(tile).toBeFocused();
  await page.keyboard.press('Enter');
  const opened = windowOf(page, 'entityManager');
  await expect(opened).toHaveAttribute('data-app-state', 'maximize');
  await expect.poll(() => opened.evaluate((w) => w.contains(document.activeElement))).toBe(true);

  expect(thrown).toEqual([]);
});
