/**
 * Walking the desktop the way a user does: every app on the desktop opened from the launcher and
 * each of its visible sections visited, taken from the app registry so a new app or section is
 * walked without editing a journey.
 */
import { APPS, type AppKey, visibleSections } from '@ferrite/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/** The window of an open app. */
export const windowOf = (page: Page, key: AppKey): Locator =>
  page.locator(`[data-testid="app-window"][data-app-key="${key}"]`);

/** The apps on the signed-in user's desktop, in their order. */
export async function desktopAppKeys(page: Page): Promise<AppKey[]> {
  await expect(page.getByTestId('desktop-icon').first()).toBeVisible();
  return page
    .getByTestId('desktop-icon')
    .evaluateAll((icons) => icons.map((icon) => (icon as HTMLElement).dataset.appKey as AppKey));
}

/** Moves an open window to one of its sections and waits until it shows it. */
export async function goToSection(window: Locator, key: string): Promise<void> {
  await window.locator(`[data-section-key="${key}"]`).click();
  await expect(window).toHaveAttribute('data-section', key);
}

/** Picks an option of a combobox (a Mantine Select) in `scope` by its name. */
export async function pick(
  page: Page,
  scope: Locator,
  combobox: string,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
}

/**
 * In the Entity Manager's Sensors section: opens the project, then the sensor, and shows its data;
 * answers the sensor data card.
 */
export async function openSensorData(window: Locator, project: string, sensor: string): Promise<Locator> {
  await window.getByRole('searchbox').fill(project);
  await window.locator('tr[data-row-key]', { hasText: project }).click();
  await window.getByRole('searchbox', { name: 'Search sensors' }).fill(sensor);
  await window.getByTestId('entity-list').getByText(sensor, { exact: true }).click();
  await expect(window.getByTestId('detail-name')).toHaveText(sensor);
  await window.getByRole('button', { name: 'Show sensor data' }).click();
  return window.getByTestId('sensor-data');
}

/** Opens an app from the launcher and waits for its maximized window. */
export async function openFromLauncher(page: Page, key: AppKey): Promise<Locator> {
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator(`[data-launcher-group="all"][data-app-key="${key}"]`).click();
  const window = windowOf(page, key);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

/**
 * Opens every desktop app from the launcher, visits each visible section (calling `onSection`
 * there), calls `onApp` once the sections are done, then closes the window.
 */
export async function walkApps(
  page: Page,
  onSection: (key: AppKey, section: string, window: Locator) => Promise<void>,
  onApp?: (key: AppKey, window: Locator) => Promise<void>,
): Promise<AppKey[]> {
  const apps = await desktopAppKeys(page);
  expect(apps.length).toBeGreaterThan(0);
  for (const key of apps) {
    const window = await openFromLauncher(page, key);
    for (const section of visibleSections(APPS[key])) {
      await window.locator(`[data-section-key="${section.key}"]`).click();
      await expect(window).toHaveAttribute('data-section', section.key);
      await onSection(key, section.key, window);
    }
    await onApp?.(key, window);
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(window).toHaveCount(0);
  }
  return apps;
}
