/**
 * Workspace journeys (spec §4): window stacking, minimize/close/reopen, recent apps, settings that
 * survive a reload, and the lock screen. Signs in through the API as the demo admin, so these
 * journeys do not depend on the sign-in screens.
 */
import { APPS, type AppKey, firstSection, type MeResponse, visibleSections } from '@ferrite/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/environment';
import { type ApiSession, apiSession, resetSettings, seedStoredSession } from '../support/session';

const { email: EMAIL, password: PASSWORD } = DEMO_ADMIN;

/** Opens the desktop with a stored session. */
async function openDesktop(page: Page, session: ApiSession) {
  await seedStoredSession(page, session);
  await page.goto('/');
  await expect(page.getByTestId('desktop-icon').first()).toBeVisible();
}

/** A JSON API call with the session's bearer token. */
async function api<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'GET' | 'PUT',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const windowOf = (page: Page, key: AppKey) =>
  page.locator(`[data-testid="app-window"][data-app-key="${key}"]`);
const desktopIcon = (page: Page, key: AppKey) =>
  page.locator(`[data-testid="desktop-icon"][data-app-key="${key}"]`);

/** The org's apps as the desktop shows them (registry order). */
async function desktopApps(page: Page): Promise<AppKey[]> {
  return page
    .getByTestId('desktop-icon')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.appKey as AppKey));
}

/** Opens an app from the launcher (desktop icons sit under any open window). */
async function launch(page: Page, key: AppKey) {
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator(`[data-launcher-group="all"][data-app-key="${key}"]`).click();
  await expect(windowOf(page, key)).toHaveAttribute('data-app-state', 'maximize');
}

async function zIndexOf(page: Page, key: AppKey): Promise<string> {
  return windowOf(page, key).evaluate((el) => (el as HTMLElement).style.zIndex);
}

let session: ApiSession;

test.beforeEach(async ({ request, page }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
  await openDesktop(page, session);
});

test.afterEach(async ({ request }) => {
  // A fresh sign-in: the journey may have signed this session out.
  await resetSettings(request, await apiSession(request));
});

test('opening two apps stacks them at 1010 then 1020', async ({ page }) => {
  const [first, second] = await desktopApps(page);
  if (!first || !second) throw new Error('The demo org needs at least two apps');

  await desktopIcon(page, first).click();
  await expect(windowOf(page, first)).toHaveAttribute('data-app-state', 'maximize');
  await launch(page, second);

  expect(await zIndexOf(page, first)).toBe('1010');
  expect(await zIndexOf(page, second)).toBe('1020');
  await expect(windowOf(page, second)).toHaveAttribute('data-app-state', 'maximize');
});

test('minimize keeps the section, close forgets it, reopening starts at the first section', async ({
  page,
}) => {
  const apps = await desktopApps(page);
  const app = apps.find((key) => visibleSections(APPS[key]).length > 1);
  if (!app) throw new Error('The demo org needs an app with more than one section');
  const other = visibleSections(APPS[app])[1]!;

  await desktopIcon(page, app).click();
  const window = windowOf(page, app);
  await expect(window).toHaveAttribute('data-section', firstSection(APPS[app]));
  await window.locator(`[data-section-key="${other.key}"]`).click();
  await expect(window).toHaveAttribute('data-section', other.key);

  await window.getByRole('button', { name: 'Minimize' }).click();
  await expect(window).toHaveAttribute('data-app-state', 'minimize');
  await expect(window).toBeHidden();
  expect(await zIndexOf(page, app)).toBe('0');

  await page.locator(`[data-taskbar-app="${app}"]`).click();
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  await expect(window).toHaveAttribute('data-section', other.key);

  await window.getByRole('button', { name: 'Close' }).click();
  await expect(window).toHaveCount(0);

  await desktopIcon(page, app).click();
  await expect(window).toHaveAttribute('data-section', firstSection(APPS[app]));
});

test('recent apps put the latest first, without repeats, and are saved to the profile', async ({
  page,
  request,
}) => {
  const [a, b, c] = await desktopApps(page);
  if (!a || !b || !c) throw new Error('The demo org needs at least three apps');
  for (const key of [a, b, c, a]) await launch(page, key);

  await page.getByRole('button', { name: 'Open launcher' }).click();
  const recent = page.locator('[data-launcher-group="recent"]');
  await expect(recent).toHaveCount(3);
  expect(await recent.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.appKey))).toEqual([
    a,
    c,
    b,
  ]);

  await expect
    .poll(async () => {
      const me = await api<MeResponse>(request, session, 'GET', '/me');
      return me.user_credentials.user_setting.visual_settings.recently_visited_apps;
    })
    .toEqual([a, c, b]);
});

test('settings are saved and survive a reload', async ({ page }) => {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.locator('[data-wallpaper="blueprint"]').click();
  await dialog.locator('[data-sidebar-color="theme3"]').click();
  await dialog.getByText('Top', { exact: true }).click();
  await dialog.getByText('Dark', { exact: true }).click();
  await dialog.getByRole('tab', { name: 'Profile' }).click();
  await dialog.getByRole('radio', { name: 'Avatar 5' }).click();
  await expect(dialog.getByTestId('settings-status')).toContainText('Saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  const workspace = page.getByTestId('workspace');
  await expect(workspace).toHaveAttribute('data-wallpaper', 'blueprint');
  await expect(workspace).toHaveAttribute('data-taskbar', 'top');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const [first] = await desktopApps(page);
  await desktopIcon(page, first!).click();
  await expect(windowOf(page, first!).locator('[data-sidebar-color]')).toHaveAttribute(
    'data-sidebar-color',
    'theme3',
  );
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('radio', { name: 'Avatar 5' })).toHaveAttribute('aria-checked', 'true');
});

test('the lock screen stays through a reload and unlocks with the password', async ({ page }) => {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Lock screen' }).click();
  const lock = page.getByTestId('lock-screen');
  await expect(lock).toBeVisible();
  await expect(lock.getByText(EMAIL)).toBeVisible();

  await lock.getByLabel('Password').fill('not-the-password-1!');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByText('That password is not right. Try again.')).toBeVisible();

  await page.reload();
  await expect(lock).toBeVisible();
  await lock.getByLabel('Password').fill(PASSWORD);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(page.getByTestId('desktop-icon').first()).toBeVisible();
});

test('signing out from the lock screen goes to password recovery', async ({ page }) => {
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Lock screen' }).click();
  await page.getByTestId('lock-screen').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/user\/forgot-password$/);
});
