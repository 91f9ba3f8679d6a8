/**
 * Session journeys (spec §1 white-label, §2 routes, §4 Session, §8 errors) against the real server
 * serving the built app. Brand one belongs to `localhost`, every other host gets brand two.
 */
import { EMAIL_HINT, PRIMARY_BRAND, SECONDARY_BRAND, STORAGE_KEYS } from '@ferrite/contracts';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ORG_NAME } from '../support/environment';
import { apiSession } from '../support/session';

const { email: EMAIL, password: PASSWORD } = DEMO_ADMIN;
const ORG_NAME = DEMO_ORG_NAME;

/** The same server under another host name (the brand follows the host). */
function onHost(baseURL: string | undefined, hostname: string, path: string): string {
  const url = new URL(path, baseURL ?? 'http://127.0.0.1:8080');
  url.hostname = hostname;
  return url.toString();
}

async function storedSession(page: Page) {
  return page.evaluate(
    (keys) => Object.values(keys).map((key) => window.localStorage.getItem(key)),
    STORAGE_KEYS,
  );
}

test.describe('white label', () => {
  test('brand one on localhost shows its tag words, title and five slides', async ({ page, baseURL }) => {
    await page.goto(onHost(baseURL, 'localhost', '/user/login'));
    const tagWords = page.getByTestId('login-tag-words');
    for (const word of ['Monitor', 'Automate', 'Diagnose', 'Secure'])
      await expect(tagWords).toContainText(word);
    await expect(page).toHaveTitle(PRIMARY_BRAND.title);
    await expect(page.getByRole('button', { name: /^Show slide/ })).toHaveCount(5);
    await expect(page.getByText(PRIMARY_BRAND.copyright)).toBeVisible();
  });

  test('brand two on 127.0.0.1 shows no tag words and three image-only slides', async ({ page, baseURL }) => {
    await page.goto(onHost(baseURL, '127.0.0.1', '/user/login'));
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByTestId('login-tag-words')).toHaveCount(0);
    await expect(page).toHaveTitle(SECONDARY_BRAND.title);
    await expect(page.getByRole('button', { name: /^Show slide/ })).toHaveCount(3);
    await expect(page.getByText(SECONDARY_BRAND.copyright)).toBeVisible();
  });
});

test.describe('sign-in', () => {
  test('an invalid e-mail shows exactly "Email must be valid"', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(EMAIL_HINT, { exact: true })).toBeVisible();
    expect(EMAIL_HINT).toBe('Email must be valid');
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test("a wrong password shows the server's title as a toast", async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('Wrong@password1');
    const answer = page.waitForResponse('**/api/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const { title } = (await response.json()) as { title: string };
    await expect(page.getByText(title)).toBeVisible();
    expect(await storedSession(page)).toEqual([null, null, null]);
  });

  test('sign-in → organization picker → desktop, with the session stored', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/orgs$/);
    await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(ORG_NAME) }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main', { name: 'Desktop' })).toBeVisible();
    const [access, refresh, userId] = await storedSession(page);
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('the organization picker is reachable by keyboard', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/orgs$/);
    await page.getByRole('button', { name: new RegExp(ORG_NAME) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main', { name: 'Desktop' })).toBeVisible();
  });
});

test.describe('routes and stored sessions', () => {
  test('/ without stored tokens goes to /user/login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test('/user redirects to /user/login', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test('a stored session is validated and opens the desktop after a reload', async ({ page, request }) => {
    const tokens = await apiSession(request);
    await page.addInitScript(
      ({ keys, tokens }) => {
        if (window.sessionStorage.getItem('seeded')) return;
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem(keys.accessToken, tokens.access_token);
        window.localStorage.setItem(keys.refreshToken, tokens.refresh_token);
        window.localStorage.setItem(keys.userId, tokens.user_id);
      },
      { keys: STORAGE_KEYS, tokens },
    );
    const validated = page.waitForResponse('**/api/validate-token');
    await page.goto('/');
    expect((await validated).status()).toBe(200);
    await expect(page.getByRole('main', { name: 'Desktop' })).toBeVisible();
  });

  test('a 403 from the API clears the session and goes back to /user/login', async ({ page, request }) => {
    const tokens = await apiSession(request);
    await page.addInitScript(
      ({ keys, tokens }) => {
        if (window.sessionStorage.getItem('seeded')) return;
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem(keys.accessToken, tokens.access_token);
        window.localStorage.setItem(keys.refreshToken, tokens.refresh_token);
        window.localStorage.setItem(keys.userId, tokens.user_id);
      },
      { keys: STORAGE_KEYS, tokens },
    );
    await page.route('**/api/me', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ title: 'Forbidden', detail: 'No access', status: 403 }),
      }),
    );
    await page.goto('/');
    await expect(page).toHaveURL(/\/user\/login$/);
    expect(await storedSession(page)).toEqual([null, null, null]);
  });

  test('an unknown path shows the error page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test('a shared report with a bad token ends on /user/login', async ({ page }) => {
    await page.goto('/reports/00000000-0000-4000-8000-000000000000?token=not-a-token');
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(page.getByText('That report link has expired. Sign in to open your reports.')).toBeVisible();
  });

  test('an invalid invitation link says so', async ({ page }) => {
    await page.goto('/set-password/not-a-real-token');
    await expect(page.getByText('This invitation link is invalid or has expired')).toBeVisible();
  });

  test('a shared dashboard link asks for its password, and an unknown link says it is dead', async ({
    page,
  }) => {
    await page.goto('/dashboards/8e0c1a7e-1111-4a1a-9a1a-123456789abc');
    await page.getByLabel('Password').fill('Any#password1');
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await expect(
      page.getByRole('heading', { name: 'There is no shared dashboard at this link' }),
    ).toBeVisible();
  });
});
