/**
 * Tenant Manager journeys (spec §2 "Tenant Manager starts on an organization list, with a requests
 * list too", §4 list stores and Tenant, §5 confirmations), as the demo admin, who is a platform admin.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiSession, resetSettings, seedStoredSession } from '../support/session';

const windowOf = (page: Page) => page.locator('[data-testid="app-window"][data-app-key="tenantManager"]');

/** A name no earlier run used, so the journeys can run against a reused server too. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openTenantManager(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator('[data-launcher-group="all"][data-app-key="tenantManager"]').click();
  const window = windowOf(page);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

async function openSection(window: Locator, section: 'organization' | 'requests') {
  await window.locator(`[data-section-key="${section}"]`).click();
  await expect(window).toHaveAttribute('data-section', section);
  await expect(window.locator('[data-list-state], [data-row-key]').first()).toBeVisible();
}

/** The number on a tab's count badge. */
async function tabCount(window: Locator, tab: string): Promise<number> {
  const badge = window.getByTestId(`tab-count-${tab}`);
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.textContent());
}

async function search(window: Locator, text: string) {
  await window.getByRole('searchbox').fill(text);
}

async function signUp(request: APIRequestContext, organizationName: string) {
  const stamp = Date.now().toString(36);
  const response = await request.post('/api/sign-up', {
    data: {
      name: 'Rhea Requester',
      email: `rhea.${stamp}@example.com`,
      password: 'Passw0rd!x',
      organization_name: organizationName,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeEach(async ({ request, page }) => {
  const session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

test('a platform admin creates an organization, sees it listed, archives it and the counts move', async ({
  page,
}) => {
  const name = unique('Ridge Castings');
  const window = await openTenantManager(page);
  await openSection(window, 'organization');
  await expect(window.getByRole('navigation', { name: 'My Organizations breadcrumb' })).toBeVisible();
  const active = await tabCount(window, 'active');
  const archived = await tabCount(window, 'archived');

  await window.getByRole('button', { name: 'New organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await dialog.getByRole('textbox', { name: /Organization name/ }).fill(name);
  // The URL follows the name and the live check says it is free before we save.
  await expect(dialog.getByTestId('slug-status')).toContainText('available');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toBeHidden();

  const row = window.locator('tr[data-row-key]', { hasText: name });
  await expect(row).toBeVisible();
  await expect(window.locator('tr[data-row-key]').first()).toContainText(name);
  await expect(window.getByTestId('tab-count-active')).toHaveText(String(active + 1));

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to Archive?');
  await confirm.getByRole('button', { name: 'Archive' }).click();

  await expect(row).toBeHidden();
  await expect(window.getByTestId('tab-count-active')).toHaveText(String(active));
  await expect(window.getByTestId('tab-count-archived')).toHaveText(String(archived + 1));

  await window.getByRole('tab', { name: /Archived/ }).click();
  await search(window, name);
  await expect(window.locator('tr[data-row-key]', { hasText: name })).toBeVisible();
});

test('a sign-up request is approved from the Requests section and its organization appears', async ({
  page,
  request,
}) => {
  const orgName = unique('Harbor Kilns');
  await signUp(request, orgName);

  const window = await openTenantManager(page);
  await openSection(window, 'requests');
  await expect(window.getByRole('navigation', { name: 'My Requests breadcrumb' })).toBeVisible();
  const pending = await tabCount(window, 'pending');
  const approved = await tabCount(window, 'approved');

  await search(window, orgName);
  const row = window.locator('tr[data-row-key]', { hasText: orgName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve request' });
  await expect(confirm).toContainText(`Approve ${orgName}?`);
  await confirm.getByRole('button', { name: 'Approve' }).click();

  await expect(row).toBeHidden();
  await expect(window.getByTestId('tab-count-pending')).toHaveText(String(pending - 1));
  await expect(window.getByTestId('tab-count-approved')).toHaveText(String(approved + 1));

  await openSection(window, 'organization');
  await window.getByRole('tab', { name: /Active/ }).click();
  await search(window, orgName);
  const orgRow = window.locator('tr[data-row-key]', { hasText: orgName });
  await expect(orgRow).toBeVisible();
  await expect(orgRow).toContainText('Rhea Requester');
});
