/**
 * Role Manager journeys (issue 4; spec §3-§5): an admin builds a user group that allows only
 * Dashboards and Alerts, invites a new person into it, and that person sets a password from the
 * mailed link and sees exactly those two apps. Also: archiving a project moves it to Archived and
 * both tab counts follow.
 */
import { EMAIL_HINT } from '@ferrite/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { goToSection } from '../support/apps';
import { DEMO_ORG_NAME } from '../support/environment';
import { type ApiSession, apiSession, resetSettings, seedStoredSession } from '../support/session';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const roleManager = (page: Page) => page.locator('[data-testid="app-window"][data-app-key="roleManager"]');

/** Opens the desktop as the stored session, then Role Manager from its desktop icon. */
async function openRoleManager(page: Page, session: ApiSession): Promise<Locator> {
  await seedStoredSession(page, session);
  await page.goto('/');
  await page.locator('[data-testid="desktop-icon"][data-app-key="roleManager"]').click();
  const window = roleManager(page);
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  return window;
}

async function tabCount(window: Locator, tab: string): Promise<number> {
  return Number(await window.getByTestId(`tab-count-${tab}`).textContent());
}

/** The newest mail to an address, from the outbox the platform admin can read. */
async function newestMailTo(request: APIRequestContext, session: ApiSession, to: string) {
  const response = await request.get('/api/admin/outbox', {
    params: { to, page_size: 5 },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  const mail = messages[0];
  if (!mail) throw new Error(`No mail to ${to}`);
  return mail;
}

let admin: ApiSession;

test.beforeEach(async ({ request }) => {
  admin = await apiSession(request);
  await resetSettings(request, admin);
});

test('a group allowing Dashboards and Alerts, an invite into it, and the new person sees only those apps', async ({
  page,
  request,
  browser,
}) => {
  const groupName = `Field crew ${stamp()}`;
  const email = `crew.${stamp()}@plant.io`;
  const window = await openRoleManager(page, admin);

  // The admin creates the group with the permissions matrix.
  await goToSection(window, 'usersGroups');
  await expect(window.getByRole('heading', { name: 'My Users Groups' })).toBeVisible();
  await window.getByRole('button', { name: 'New group' }).click();
  const drawer = page.getByRole('dialog', { name: /New user group/ });
  await drawer.getByLabel('Name').fill(groupName);
  await drawer.getByRole('switch', { name: 'Allow Dashboards' }).check({ force: true });
  await drawer.getByRole('switch', { name: 'Allow Alerts' }).check({ force: true });
  await expect(drawer.getByText('2 of', { exact: false })).toBeVisible();
  await drawer.getByRole('button', { name: 'Create group' }).click();
  await expect(drawer).toBeHidden();
  await expect(window.locator('tr', { hasText: groupName })).toBeVisible();

  // Then invites a new person into it from the Users section.
  await goToSection(window, 'users');
  await expect(window.locator('[data-tab="users"]')).toHaveAttribute('aria-selected', 'true');
  const invitesBefore = await tabCount(window, 'invites');
  await window.getByRole('button', { name: 'Invite user' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite user' });
  const emailBox = modal.getByRole('textbox', { name: 'E-mail' });
  await emailBox.fill('crew@plant');
  await modal.getByRole('button', { name: 'Send invitation' }).click();
  await expect(modal.getByText(EMAIL_HINT, { exact: true })).toBeVisible();
  await emailBox.fill(email);
  await modal.getByRole('textbox', { name: 'Name' }).fill('Casey Crew');
  await modal.getByPlaceholder('Pick groups').click();
  await page.getByRole('option', { name: groupName }).click();
  await page.keyboard.press('Escape');
  await modal.getByRole('button', { name: 'Send invitation' }).click();
  await expect(modal).toBeHidden();
  await expect(window.locator('[data-tab="invites"]')).toHaveAttribute('aria-selected', 'true');
  await expect(window.locator('tr', { hasText: email })).toBeVisible();
  await expect(window.getByTestId('tab-count-invites')).toHaveText(String(invitesBefore + 1));

  // The mailed link opens the set-password screen.
  const mail = await newestMailTo(request, admin, email);
  const link = mail.text.match(/https?:\/\/\S+\/set-password\/\S+/)?.[0];
  if (!link) throw new Error(`No set-password link in: ${mail.text}`);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  const { pathname } = new URL(link);
  await inviteePage.goto(pathname);
  await expect(inviteePage.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  const password = 'Crew@2026x';
  await inviteePage.getByLabel('New password').fill(password);
  await inviteePage.getByLabel('Confirm password').fill(password);
  await inviteePage.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(inviteePage.getByTestId('desktop-icon').first()).toBeVisible();
  await invitee.close();

  // Signing in afresh as the new person: the desktop holds Dashboards and Alerts, nothing else.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto('/user/login');
  await freshPage.getByLabel('Email').fill(email);
  await freshPage.getByLabel('Password').fill(password);
  await freshPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(freshPage).toHaveURL(/\/orgs$/);
  await freshPage.getByRole('button', { name: new RegExp(DEMO_ORG_NAME) }).click();
  await expect(freshPage.getByTestId('desktop-icon').first()).toBeVisible();
  const apps = await freshPage
    .getByTestId('desktop-icon')
    .evaluateAll((icons) => icons.map((icon) => (icon as HTMLElement).dataset.appKey));
  expect(apps.sort()).toEqual(['alerts', 'dashboards']);
  await fresh.close();
});

test('archiving a project moves it to the Archived tab and changes both counts', async ({
  page,
  request,
}) => {
  const name = `Cooling tower ${stamp()}`;
  const created = await request.post(`/api/role_mgmt/orgs/${admin.org_id}/projects`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { name, description: 'Made by the archive journey' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const window = await openRoleManager(page, admin);
  await goToSection(window, 'projects');
  await expect(window.locator('[data-tab="active"]')).toHaveAttribute('aria-selected', 'true');
  const card = window.locator(`[data-row-key]`, { has: page.locator(`[data-project="${name}"]`) });
  await expect(card).toBeVisible();
  const active = await tabCount(window, 'active');
  const archived = await tabCount(window, 'archived');

  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByTestId('confirm-message')).toHaveText('Are you sure you want to Archive?');
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();

  await expect(card).toBeHidden();
  await expect(window.getByTestId('tab-count-active')).toHaveText(String(active - 1));
  await expect(window.getByTestId('tab-count-archived')).toHaveText(String(archived + 1));

  await window.locator('[data-tab="archived"]').click();
  await expect(window.locator('[data-row-key]').first()).toContainText(name);
});
