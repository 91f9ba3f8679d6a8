/**
 * The Content-Security-Policy (issue 24): every page is served under it, and nothing the product does
 * breaks it. The sign-in screens, every app of the demo admin's desktop opened from the launcher (each
 * section visited, the Entity Map drawn with MapLibre's worker) and a password-protected shared
 * dashboard with live charts all run without a single `securitypolicyviolation` event or console report.
 */
import { type APIRequestContext, expect, type Page, type Response, test } from '@playwright/test';
import { walkApps } from '../support/apps';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/environment';
import {
  type ApiSession,
  apiSession,
  demoDashboard,
  resetSettings,
  seedStoredSession,
} from '../support/session';

// The Entity Map needs WebGL; with --disable-gpu Chromium only offers it through SwiftShader when asked.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
  },
});

/** The directives the policy must hold (besides what each page needs). */
const REQUIRED_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The violations a page reports: its `securitypolicyviolation` events and the console's CSP lines. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** The page's document answer carries the policy with every required directive. */
function expectPolicy(response: Response | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  for (const directive of REQUIRED_DIRECTIVES) expect(policy).toContain(directive);
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
}

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

/** A project with one located asset, made through the API, so the Entity Map has a point to draw. */
async function locatedProject(request: APIRequestContext): Promise<string> {
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const name = `CSP plant ${Date.now().toString(36)}`;
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { id: string }).id;
  };
  const project = await post(`/api/role_mgmt/orgs/${session.org_id}/projects`, { name, description: 'CSP' });
  const entities = `/api/entity_mgmt/orgs/${session.org_id}`;
  const type = await post(`${entities}/asset_types`, { name: `Site ${name}` });
  await post(`${entities}/projects/${project}/assets`, {
    name: 'Located site',
    type_id: type,
    location: { latitude: 48.137, longitude: 11.575 },
  });
  return name;
}

test('every app opened from the launcher, each section and the Entity Map, without a violation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const mapProject = await locatedProject(request);
  const violations = await watchViolations(page);
  await seedStoredSession(page, session);
  expectPolicy(await page.goto('/'));
  await walkApps(
    page,
    () => settle(page),
    async (key, window) => {
      if (key !== 'entityManager') return;
      // The map draws its points through MapLibre's worker, a same-origin file under worker-src 'self'.
      await window.locator('[data-section-key="entityMap"]').click();
      await window.getByRole('searchbox').fill(mapProject);
      await window.locator('tr[data-row-key]', { hasText: mapProject }).click();
      const map = window.getByTestId('entity-map');
      await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
      await expect(map).toHaveAttribute('data-rendered-points', '1', { timeout: 20_000 });
    },
  );
  await settle(page);
  expect(violations).toEqual([]);
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
