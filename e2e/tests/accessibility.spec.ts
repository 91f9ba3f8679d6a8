/**
 * Accessibility (issue 25): every screen, in light and in dark, has no critical or serious WCAG 2.1
 * A/AA violation by axe-core — the sign-in screens, the organization picker, the desktop with its
 * launcher and settings, every section of every app on the desktop (walked from the app registry,
 * so a new app or section is checked without editing this file) and the demo plant's dashboard.
 *
 * The same walk is the Content-Security-Policy's (issue 24): the desktop is served under the policy,
 * and no screen of it, the Entity Map drawn with MapLibre's worker included, reports a violation.
 */
import { DEFAULT_USER_SETTING } from '@ferrite/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openFromLauncher, walkApps } from '../support/apps';
import { blockingViolations } from '../support/axe';
import { expectPolicy, locatedProject, WEBGL_CHROMIUM_ARGS, watchViolations } from '../support/csp';
import { CHROMIUM_PATH, DEMO_ADMIN, DEMO_ORG_NAME } from '../support/environment';
import { type ApiSession, apiSession, demoDashboard, seedStoredSession } from '../support/session';

type Scheme = 'light' | 'dark';

// The Entity Map is drawn with WebGL, which Chromium offers under --disable-gpu only through SwiftShader.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: WEBGL_CHROMIUM_ARGS } });

/** Lets transitions and lazy chunks finish, so axe sees the screen a person sees. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
}

/** The user's look with the given scheme, the rest at the defaults. */
async function useScheme(request: APIRequestContext, session: ApiSession, scheme: Scheme) {
  const response = await request.put('/api/me/settings', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { visual_settings: { ...DEFAULT_USER_SETTING.visual_settings, color_scheme: scheme } },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Screens outside the workspace remember the scheme in the browser (the toggle on those pages). */
async function rememberScheme(page: Page, scheme: Scheme) {
  await page.addInitScript((value) => localStorage.setItem('ferrite-color-scheme', value), scheme);
}

test('the checker itself reports what blocks people: an unnamed button, unreadable text', async ({
  page,
}) => {
  await page.goto('/user/login');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await blockingViolations(page, 'login')).toEqual([]);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'unnamed';
    const faint = document.createElement('p');
    faint.id = 'faint';
    faint.textContent = 'Barely there';
    faint.style.cssText = 'color:#ddd;background:#fff';
    document.body.append(button, faint);
  });
  const found = await blockingViolations(page, 'login');
  expect(found.join('\n')).toContain('login: button-name (critical) ×1: #unnamed');
  expect(found.join('\n')).toContain('color-contrast (serious) ×1: #faint');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test('the sign-in screens and the organization picker', async ({ page }) => {
      test.setTimeout(120_000);
      await rememberScheme(page, scheme);
      const found: string[] = [];
      const screens = [
        '/user/login',
        '/user/register',
        '/user/forgot-password',
        '/reset_password?token=not-a-real-token',
        '/set-password/not-a-real-token',
        '/no/such/page',
      ];
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await settle(page);
        found.push(...(await blockingViolations(page, path)));
      }

      await page.goto('/user/login');
      await page.getByLabel('Email').fill(DEMO_ADMIN.email);
      await page.getByLabel('Password').fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: new RegExp(DEMO_ORG_NAME) })).toBeVisible();
      await settle(page);
      found.push(...(await blockingViolations(page, '/orgs')));
      expect(found).toEqual([]);
    });

    test('the desktop, launcher, settings, every app section and a dashboard', async ({ page, request }) => {
      test.setTimeout(300_000);
      const session = await apiSession(request);
      await useScheme(request, session, scheme);
      const dashboard = (await demoDashboard(request, session)).name;
      const mapProject = await locatedProject(request, session);
      const violations = await watchViolations(page);
      await seedStoredSession(page, session);
      expectPolicy(await page.goto('/'));
      await expect(page.getByRole('main', { name: 'Desktop' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await settle(page);
      const found = await blockingViolations(page, 'desktop');

      await page.getByRole('button', { name: 'Open launcher' }).click();
      await expect(page.locator('[data-launcher-group="all"]').first()).toBeVisible();
      await settle(page);
      found.push(...(await blockingViolations(page, 'launcher')));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await settle(page);
      found.push(...(await blockingViolations(page, 'settings: appearance')));
      await settings.getByRole('tab', { name: 'Profile' }).click();
      await settle(page);
      found.push(...(await blockingViolations(page, 'settings: profile')));
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();

      await walkApps(
        page,
        async (key, section) => {
          await settle(page);
          found.push(...(await blockingViolations(page, `${key}/${section}`)));
        },
        async (key, window) => {
          if (key !== 'entityManager') return;
          // The map draws its points through MapLibre's worker, a same-origin file under worker-src 'self'.
          await window.locator('[data-section-key="entityMap"]').click();
          await window.getByRole('searchbox').fill(mapProject);
          await window.locator('tr[data-row-key]', { hasText: mapProject }).click();
          const map = window.getByTestId('entity-map');
          await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
          await expect(map).toHaveAttribute('data-rendered-points', '1', { timeout: 20_000 });
          await settle(page);
          found.push(...(await blockingViolations(page, 'entityManager/entityMap with a point')));
        },
      );

      const window = await openFromLauncher(page, 'dashboards');
      await window.locator('[data-section-key="open"]').click();
      await window.getByRole('searchbox').fill(dashboard);
      await window.locator('[data-row-key]', { hasText: dashboard }).click();
      await expect(window.locator('[data-widget-card]').first()).toBeVisible();
      await expect(window.locator('[data-widget-card] canvas').first()).toBeVisible({ timeout: 15_000 });
      await settle(page);
      found.push(...(await blockingViolations(page, `dashboard “${dashboard}”`)));

      expect(found).toEqual([]);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    });
  });
}
