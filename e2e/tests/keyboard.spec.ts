/**
 * Keyboard only (spec §4, issue 25 item 6): sign in, pick the organization, open an app from the
 * launcher, move to a section, open a row and a dialog and close them, close the window. Every
 * Tab stop on the way must show a focus indicator, and closing gives focus back to the opener.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ORG_NAME } from '../support/environment';

/** Whether the focused element draws something a sighted keyboard user sees: an outline or a ring. */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: 'body', visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    // Text fields show the caret and Mantine's focused border colour rather than an outline.
    const field = element.matches('input:not([type="checkbox"]):not([type="radio"]), textarea');
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
    return { name: `${element.tagName.toLowerCase()} "${name}"`, visible: outline || ring || field };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking every stop on the way shows focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let stop = 0; stop < max; stop++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const indicator = await focusIndicator(page);
    expect(indicator.visible, `no visible focus on ${indicator.name}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${max} Tab presses did not reach ${target}`);
}

const windowOf = (page: Page, key: string) =>
  page.locator(`[data-testid="app-window"][data-app-key="${key}"]`);

test('keyboard only: sign in, launch Role Manager, open a user and a dialog, close the window', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/user/login');
  const email = page.getByLabel('Email');
  // Focus starts in the e-mail field, not in the brand carousel.
  await expect(email).toBeFocused();
  await page.keyboard.type(DEMO_ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_ADMIN.password);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  // Focus starts on the organization card, so Enter opens it.
  await expect(page.getByRole('button', { name: new RegExp(`^Open ${DEMO_ORG_NAME}`) })).toBeFocused();
  await page.keyboard.press('Enter');

  // The launcher: Tab to its button, Enter, then Tab to the app's tile.
  const start = page.getByRole('button', { name: 'Open launcher' });
  await expect(start).toBeVisible();
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Search apps' })).toBeFocused();
  await tabTo(page, page.locator('[data-launcher-group="all"][data-app-key="roleManager"]'));
  await page.keyboard.press('Enter');

  const window = windowOf(page, 'roleManager');
  await expect(window).toHaveAttribute('data-app-state', 'maximize');
  await expect(page.getByTestId('launcher')).toHaveCount(0);
  // Still in the window once the launcher has gone.
  await expect(window).toBeFocused();

  // A section from the sidebar.
  await tabTo(page, window.locator('[data-section-key="users"]'));
  await page.keyboard.press('Enter');
  await expect(window).toHaveAttribute('data-section', 'users');
  await expect(window.getByText('My Users')).toBeVisible();

  // A list row opens its editor drawer; Escape gives focus back to the row.
  const row = window.locator('tr[data-row-key]').first();
  await expect(row).toBeVisible();
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(/.+/);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(row).toBeFocused();

  // A dialog from a button: Invite user, closed with Escape, focus back on the button.
  const invite = window.getByRole('button', { name: 'Invite user' }).first();
  await tabTo(page, invite, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(invite).toBeFocused();

  // A row's action menu → Edit: the drawer's opener (the menu item) is gone by the time it closes,
  // so focus goes back to the menu's button.
  const actions = row.locator('[data-row-actions]');
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  while (
    !(await page.getByRole('menuitem', { name: 'Edit' }).evaluate((el) => el === document.activeElement))
  )
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(actions).toBeFocused();

  // Close the window from its title bar: focus returns to the launcher button (the tile is gone).
  await tabTo(page, window.getByRole('button', { name: 'Close' }), { back: true, max: 60 });
  await page.keyboard.press('Enter');
  await expect(window).toHaveCount(0);
  await expect(start).toBeFocused();
});
