/**
 * Dashboards journey (spec §2 Dashboards: New starts on a themes list, the detail page, breadcrumbs;
 * §4 the link's credential and password flow; §7 Dashboards, Shared view, Sharing; §8 the wrong-password
 * message): a dashboard is built in the UI from a theme with three widget kinds bound to the demo plant's
 * simulated sensor, shared by a password link, opened in a fresh browser (wrong password, then the
 * right one), watched changing live, then revoked, and the open link dies.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { pick } from '../support/apps';
import { apiSession, resetSettings, seedStoredSession } from '../support/session';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const windowOf = (page: Page, appKey: string) =>
  page.locator(`[data-testid="app-window"][data-app-key="${appKey}"]`);

/** The demo plant (seed/demo/plant/line1Assembly.ts): a simulated gateway feeds this conveyor drive. */
const PLANT = { project: 'Line 1 Assembly', sensor: 'CV-02 drive' } as const;

async function openApp(page: Page, appKey: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator(`[data-launcher-group="all"][data-app-key="${appKey}"]`).click();
  const window = windowOf(page, appKey);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

/** Adds a widget through the catalogue: variant → sensor parameter → title. */
async function addWidget(page: Page, window: Locator, variant: string, param: string, title: string) {
  await window.getByRole('button', { name: 'Add widget' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add widget' });
  await dialog.getByRole('textbox', { name: 'Search widgets' }).fill(variant.split('.')[0] ?? variant);
  await dialog.locator(`[data-variant="${variant}"]`).click();
  await pick(page, dialog, 'Series 1 project', PLANT.project);
  await pick(page, dialog, 'Series 1 sensor', PLANT.sensor);
  // Parameters read 'speed (m/min)': the key, then its unit.
  await pick(page, dialog, 'Series 1 parameter', new RegExp(`^${param}\\b`));
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();
  await expect(window.locator(`[data-widget-title="${title}"]`)).toBeVisible();
}

/** The text a widget shows now. */
const textOf = async (card: Locator) => ((await card.textContent()) ?? '').trim();

test.beforeEach(async ({ request, page }) => {
  const session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

test('a dashboard built from a theme with three live widgets, shared by a password link, watched live by a stranger, then revoked', async ({
  page,
  browser,
}) => {
  // About 50 actions (three widget wizards, the live waits, a stranger's visit, the revoke). On two
  // shared cores at load 17–20 the whole walk measured 150–180 s, so 150 s ran out mid-journey
  // (before the right password was even sent); 240 s leaves room without hiding a stuck step,
  // which each expect's own 10–20 s limit still catches.
  test.setTimeout(240_000);
  const name = `Line 1 live ${stamp()}`;
  await page.goto('/');
  const window = await openApp(page, 'dashboards');

  // New starts on a themes list, under the New Dashboard trail.
  await window.locator('[data-section-key="new"]').click();
  const newTrail = window.getByRole('navigation', { name: 'New Dashboard breadcrumb' });
  await expect(newTrail).toContainText('New Dashboard');
  await window.getByRole('radio', { name: 'Ocean' }).click();
  await expect(newTrail).toContainText('Ocean');
  await window.getByRole('textbox', { name: 'Name' }).fill(name);
  await window.getByRole('button', { name: 'Create dashboard' }).click();
  // The detail page is under the Dashboard Details trail: the list it came from, then its name.
  const detailTrail = window.getByRole('navigation', { name: 'Dashboard Details breadcrumb' });
  await expect(detailTrail).toContainText(`New Dashboard${name}`);
  const detail = window.locator(`[data-dashboard="${name}"]`);
  await expect(detail).toHaveAttribute('data-editing', 'true');
  await expect(window.getByTestId('panel-empty')).toBeVisible();

  // Three kinds, each bound to a parameter of the simulated sensor.
  await addWidget(page, window, 'line.live', 'motor_temperature', 'Motor temperature');
  await addWidget(page, window, 'gauge.basic', 'speed', 'Belt speed');
  await addWidget(page, window, 'kpi.basic', 'current', 'Drive current');
  await window.getByRole('button', { name: 'Done' }).click();
  await expect(detail).not.toHaveAttribute('data-editing', 'true');
  await expect(window.locator('[data-widget-card]')).toHaveCount(3);
  await expect(window.locator('[data-widget-kind="line"] canvas')).toBeVisible();
  await expect(window.locator('[data-live-status="live"]')).toBeVisible();

  // The KPI follows the simulator without a reload.
  const kpi = window.locator('[data-widget-title="Drive current"]');
  await expect(kpi).toContainText(/\d/, { timeout: 15_000 });
  const first = await textOf(kpi);
  await expect.poll(() => textOf(kpi), { timeout: 20_000 }).not.toBe(first);

  // The list shows it under Dashboards, Active.
  await window.locator('[data-section-key="open"]').click();
  await expect(window.getByRole('navigation', { name: 'Dashboards breadcrumb' })).toBeVisible();
  await window.getByRole('searchbox').fill(name);
  await expect(window.locator('[data-row-key]', { hasText: name })).toBeVisible();
  await window.locator('[data-row-key]', { hasText: name }).click();
  await expect(detailTrail).toContainText(`Dashboards${name}`);

  // Share by link: the password is shown once.
  await window.getByRole('button', { name: 'Share dashboard' }).click();
  const share = page.getByRole('dialog', { name: `Share “${name}”` });
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = ((await share.getByTestId('share-link').textContent()) ?? '').trim();
  const password = ((await share.getByTestId('share-password').textContent()) ?? '').trim();
  expect(link).toMatch(/\/dashboards\/[0-9a-f-]{36}$/);
  expect(password.length).toBeGreaterThanOrEqual(8);
  await expect(share.locator('[data-link-status="active"]')).toHaveCount(1);

  // A stranger opens it: no session, a wrong password first.
  const stranger = await browser.newContext();
  const viewer = await stranger.newPage();
  await viewer.goto(link);
  await viewer.getByLabel('Password').fill('Wrong#pass1');
  await viewer.getByRole('button', { name: 'Open dashboard' }).click();
  const toast = viewer.locator('.mantine-Notification-root', { hasText: 'Please enter correct password' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');

  await viewer.getByLabel('Password').fill(password);
  await viewer.getByRole('button', { name: 'Open dashboard' }).click();
  await expect(viewer.locator(`[data-shared-dashboard="${name}"]`)).toBeVisible();
  await expect(viewer.getByText('Read-only')).toBeVisible();
  await expect(viewer.locator('[data-widget-card]')).toHaveCount(3);
  await expect(viewer.locator('[data-live-status="live"]')).toBeVisible({ timeout: 15_000 });
  const shared = viewer.locator('[data-widget-title="Drive current"]');
  await expect(shared).toContainText(/\d/, { timeout: 15_000 });
  const seen = await textOf(shared);
  await expect.poll(() => textOf(shared), { timeout: 20_000 }).not.toBe(seen);
  // Read-only: no edit actions, only downloads.
  await expect(viewer.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // The owner revokes it; the open view dies at once.
  await share.getByRole('button', { name: 'Link menu' }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(share.locator('[data-link-status="revoked"]')).toHaveCount(1);
  await expect(viewer.getByTestId('link-dead')).toBeVisible({ timeout: 15_000 });
  await expect(viewer.getByRole('heading', { name: 'This dashboard link has been revoked' })).toBeVisible();

  // And stays dead on a fresh visit.
  await viewer.goto(link);
  await viewer.getByLabel('Password').fill(password);
  await viewer.getByRole('button', { name: 'Open dashboard' }).click();
  await expect(viewer.getByTestId('link-dead')).toBeVisible();
  await stranger.close();
});
