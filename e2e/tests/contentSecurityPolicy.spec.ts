/**
 * The Content-Security-Policy (issue 24): every page is served under it, and nothing the product does
 * breaks it. The sign-in screens and a password-protected shared dashboard with live charts run without a
 * single `securitypolicyviolation` event or console report; an injected inline script is refused. Every
 * app of the desktop, each section and the Entity Map drawn with MapLibre's worker are walked under the
 * same watch by the accessibility walk (accessibility.spec.ts), instead of a second walk here.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectPolicy, watchViolations } from '../support/csp';
import { type ApiSession, apiSession, demoDashboard, resetSettings } from '../support/session';

/** Lets late work (lazy chunks, workers, images) report before the count is read. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
}

let session: ApiSession;

test.beforeEach(async ({ request }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
});

test('the sign-in screens run under the policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const screens = [
    '/user/login',
    '/user/register',
    '/user/forgot-password',
    '/reset_password?token=not-a-real-token',
    '/set-password/not-a-real-token',
    '/no/such/page',
  ];
  for (const path of screens) {
    expectPolicy(await page.goto(path));
    await expect(page.getByRole('heading').first()).toBeVisible();
    await settle(page);
  }
  expect(violations).toEqual([]);
});

test('an inline script injected into the page is refused and reported', async ({ page }) => {
  const violations = await watchViolations(page);
  expectPolicy(await page.goto('/user/login'));
  await expect(page.getByLabel('Email')).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true';
    document.head.append(script);
    return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.join('\n')).toContain('script-src');
});

test('a password-protected shared dashboard with live charts, without a violation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const dashboardId = (await demoDashboard(request, session)).id;
  const made = await request.post(`/api/dash_mgmt/orgs/${session.org_id}/dashboards/${dashboardId}/export`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: {},
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { export: link, password } = (await made.json()) as { export: { url: string }; password: string };

  const violations = await watchViolations(page);
  expectPolicy(await page.goto(link.url));
  await page.getByLabel('Password').fill(password);
  const verify = page.waitForRequest((request) => request.url().includes('/verify'));
  await page.getByRole('button', { name: 'Open dashboard' }).click();
  // The password travels in the body, never in the address.
  const sent = await verify;
  expect(sent.method()).toBe('POST');
  expect(sent.url()).not.toContain(password);
  expect(sent.postDataJSON()).toEqual({ password });

  await expect(page.locator('[data-shared-dashboard]')).toBeVisible();
  await expect(page.locator('[data-widget-card]').first()).toBeVisible();
  await expect(page.locator('[data-widget-card] canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-live-status="live"]')).toBeVisible({ timeout: 15_000 });
  await settle(page);
  expect(violations).toEqual([]);
});
