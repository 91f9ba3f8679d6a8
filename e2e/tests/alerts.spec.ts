/**
 * Alerts journey (issue 28; spec §1 Alerts, §2 the alert rule editor and My Inbox, §3 Alert rule): a rule
 * made in the editor ("level > 80" on one tank sensor, critical, told in-app, by e-mail and by SMS); a
 * device then pushes a reading past it over HTTPS ingest; the bell counts it and toasts it within seconds,
 * My Inbox lists it; it is acknowledged on its detail page; the e-mail is in the outbox, the SMS at the
 * fake Twilio-compatible provider; and the sensor's chart pins the reading that fired it.
 */
import { expect, type Page, test } from '@playwright/test';
import { goToSection, openFromLauncher } from '../support/apps';
import { DEMO_ADMIN, E2E_MESSAGING_URL } from '../support/environment';
import { createFedSensor, deviceSends, stamp } from '../support/fedSensor';
import { type ApiSession, apiSession, resetSettings, seedStoredSession } from '../support/session';

const SMS_TO = '+4915550001234';

/** The unread count the bell announces. */
async function bellUnread(page: Page): Promise<number> {
  const label = (await page.getByTestId('alert-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

let session: ApiSession;
test.beforeEach(async ({ request, page }) => {
  session = await apiSession(request);
  await resetSettings(request, session);
  await seedStoredSession(page, session);
});

test('a rule made in the editor fires on a device reading: bell, inbox, acknowledge, e-mail, SMS and the pin on the chart', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const u = stamp();
  const ruleName = `Tank overfill ${u}`;
  const tank = await createFedSensor(request, session, {
    projectName: `Alert plant ${u}`,
    sensorName: `Tank ${u}`,
    gatewayName: `Tank edge ${u}`,
    typeName: `Level probe ${u}`,
    param: { key: 'level', unit: '%' },
  });
  // A calm reading first: the sensor has a last value, and the chart a line before the firing one.
  await deviceSends(request, tank, 42);
  const users = await request.get(`/api/role_mgmt/orgs/${session.org_id}/users`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    params: { page_size: 200 },
  });
  expect(users.ok(), await users.text()).toBe(true);
  const me = ((await users.json()) as { users: { id: string; name: string; email: string }[] }).users.find(
    (user) => user.id === session.user_id,
  );
  expect(me, 'the demo admin is a member of the demo organization').toBeTruthy();
  const myLabel = me?.name || DEMO_ADMIN.email;

  await page.goto('/');
  await expect(page.getByTestId('alert-bell')).toBeVisible();
  const window = await openFromLauncher(page, 'alerts');
  await goToSection(window, 'alerts');

  // The rule editor: name, severity, one sensor, level > 80, in-app + e-mail + SMS, the admin and a phone.
  await window.getByRole('button', { name: 'New rule' }).click();
  const editor = page.getByRole('dialog', { name: 'New alert rule' });
  await editor.getByRole('textbox', { name: 'Rule name' }).fill(ruleName);
  await editor.getByRole('radiogroup', { name: 'Severity' }).getByText('Critical', { exact: true }).click();
  await editor.getByRole('radiogroup', { name: 'Scope' }).getByText('One sensor', { exact: true }).click();
  await editor.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: tank.projectName, exact: true }).click();
  await editor.getByRole('combobox', { name: 'Sensor' }).click();
  await page.getByRole('option', { name: tank.sensorName }).click();
  // The sensor's parameters are offered once it is chosen.
  await editor.getByRole('combobox', { name: 'Parameter' }).fill('lev');
  await page.getByRole('option', { name: 'level', exact: true }).click();
  await expect(editor.getByRole('combobox', { name: 'Parameter' })).toHaveValue('level');
  await expect(editor.getByRole('combobox', { name: 'Comparison' })).toHaveValue('>');
  await editor.getByRole('textbox', { name: 'Threshold' }).fill('80');
  await editor.getByRole('checkbox', { name: 'E-mail' }).check();
  await editor.getByRole('checkbox', { name: 'SMS' }).check();
  await expect(editor.getByRole('checkbox', { name: 'In-app' })).toBeChecked();
  await editor.getByLabel('Members').click();
  await page.getByRole('option', { name: myLabel, exact: true }).click();
  await editor.getByLabel('Addresses').fill(SMS_TO);
  await editor.getByLabel('Addresses').press('Enter');
  await expect(editor.getByText(SMS_TO, { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Create rule' }).click();
  await expect(editor).toBeHidden();
  await expect(window.getByText(ruleName).first()).toBeVisible();

  // The device pushes a level past the threshold: the bell counts it and a critical toast names the rule.
  // First the bell agrees with the server's unread count (its first read is in), so what follows is news.
  let before = -1;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/alert/orgs/${session.org_id}/inbox/unread`, {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      before = ((await answer.json()) as { unread: number }).unread;
      return (await bellUnread(page)) === before;
    })
    .toBe(true);
  await deviceSends(request, tank, 95);
  await expect.poll(() => bellUnread(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(page.getByText(`Critical: ${ruleName}`)).toBeVisible();

  // The bell opens My Inbox, which lists the alert, active and critical.
  await page.getByTestId('alert-bell').click();
  await expect(window).toHaveAttribute('data-section', 'inbox');
  const row = window.locator('[data-row-key]', { hasText: ruleName });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Critical');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(tank.sensorName);

  // Its detail: the value that fired it, then Acknowledge.
  await row.click();
  await expect(window.getByTestId('alert-title')).toHaveText(ruleName);
  await expect(window.getByText(/^level = 95 \(threshold .*80\)$/)).toBeVisible();
  await window.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Alert acknowledged')).toBeVisible();
  await expect(window.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(window.getByText('Acknowledged', { exact: true }).first()).toBeVisible();

  // The sensor's chart pins the reading that fired it: its value, at its time.
  const pin = window.getByTestId('alert-chart-pin');
  await expect(pin).toContainText('level = 95');
  await expect(
    window.getByRole('img', { name: 'level around the alert, the firing reading marked' }),
  ).toBeVisible();

  // The e-mail reached the outbox (delivery runs as a job), addressed to the admin and naming the rule.
  await expect
    .poll(
      async () => {
        const outbox = await request.get('/api/admin/outbox', {
          headers: { Authorization: `Bearer ${session.access_token}` },
          params: { to: DEMO_ADMIN.email, page_size: 50 },
        });
        const { messages } = (await outbox.json()) as { messages: { subject: string; text: string }[] };
        return messages.some((m) => `${m.subject}\n${m.text}`.includes(ruleName));
      },
      { timeout: 20_000, message: `an e-mail about ${ruleName} in the outbox` },
    )
    .toBe(true);

  // The SMS reached the phone company: the fake provider holds it, to the address, naming the rule.
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${E2E_MESSAGING_URL}/messages`);
        const { messages } = (await answer.json()) as { messages: { to: string; body: string }[] };
        return messages.find((m) => m.to === SMS_TO && m.body.includes(ruleName))?.body ?? null;
      },
      { timeout: 20_000, message: `an SMS to ${SMS_TO} about ${ruleName}` },
    )
    .toContain('95');
});
