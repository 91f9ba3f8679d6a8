/** Journeys' shortcuts: sign in over the API and hand the tokens to the page the way the app keeps them. */
import { DEFAULT_AVATAR, DEFAULT_USER_SETTING, STORAGE_KEYS } from '@ferrite/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ORG_NAME } from './environment';

export interface ApiSession {
  user_id: string;
  org_id: string;
  access_token: string;
  refresh_token: string;
}

/** Signs a user into an organization (the demo admin into Demo Plant by default) over the API. */
export async function apiSession(
  request: APIRequestContext,
  email: string = DEMO_ADMIN.email,
  password: string = DEMO_ADMIN.password,
  orgName: string = DEMO_ORG_NAME,
): Promise<ApiSession> {
  const signIn = await request.post('/api/sign-in', { data: { email, password } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { auth_token, orgs } = (await signIn.json()) as {
    auth_token: string;
    orgs: { id: string; name: string }[];
  };
  const org = orgs.find((o) => o.name === orgName) ?? orgs[0];
  if (!org) throw new Error(`${email} belongs to no organization`);
  const orgSignIn = await request.post(`/api/orgs/${org.id}/sign-in`, {
    headers: { 'Auth-Token': auth_token },
  });
  expect(orgSignIn.ok(), await orgSignIn.text()).toBe(true);
  return orgSignIn.json();
}

/** Puts a user's look back to the defaults, so every journey starts from the same desktop. */
export async function resetSettings(request: APIRequestContext, session: ApiSession): Promise<void> {
  const response = await request.put('/api/me/settings', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { visual_settings: DEFAULT_USER_SETTING.visual_settings, avatar: DEFAULT_AVATAR },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Stores the session under the product's storage keys once per tab (not on every reload). */
export async function seedStoredSession(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ keys, values }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      localStorage.setItem(keys.accessToken, values.access_token);
      localStorage.setItem(keys.refreshToken, values.refresh_token);
      localStorage.setItem(keys.userId, values.user_id);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    { keys: STORAGE_KEYS, values: session },
  );
}

/** The demo plant's "live overview" dashboard, waited for: the seed makes it once its simulated sensors exist. */
export async function demoDashboard(
  request: APIRequestContext,
  session: ApiSession,
): Promise<{ id: string; name: string }> {
  let found: { id: string; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dash_mgmt/orgs/${session.org_id}/dashboards`, {
          headers: { Authorization: `Bearer ${session.access_token}` },
          params: { search: 'live overview' },
        });
        const list = (await response.json()) as { dashboards: { id: string; name: string }[] };
        found = list.dashboards[0];
        return found;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return found as { id: string; name: string };
}

/** POSTs as the signed-in user and answers the body, failing the journey with the server's words. */
export function apiPoster(request: APIRequestContext, session: ApiSession) {
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  const at = (module: string, path: string) => `/api/${module}/orgs/${session.org_id}${path}`;
  return { post, at };
}
