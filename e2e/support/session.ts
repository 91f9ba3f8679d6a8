/** Journeys' shortcuts: sign in through the API and hand the tokens to the page the way the app keeps them. */
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from './environment';

export interface ApiSession {
  user_id: string;
  org_id: string;
  access_token: string;
  refresh_token: string;
}

/** Signs the demo admin into their first organization over the API. */
export async function apiSignIn(
  page: Page,
  email: string = DEMO_ADMIN.email,
  password: string = DEMO_ADMIN.password,
): Promise<ApiSession> {
  const first = await page.request.post('/api/sign-in', { data: { email, password } });
  if (!first.ok()) throw new Error(`sign-in answered ${first.status()}`);
  const { auth_token, orgs } = await first.json();
  const second = await page.request.post(`/api/orgs/${orgs[0].id}/sign-in`, {
    headers: { 'Auth-Token': auth_token },
  });
  if (!second.ok()) throw new Error(`organization sign-in answered ${second.status()}`);
  return second.json();
}

/** Opens the desktop already signed in, with the tokens stored under the product's storage keys. */
export async function openSignedIn(page: Page): Promise<ApiSession> {
  const session = await apiSignIn(page);
  await page.goto('/user/login');
  await page.evaluate((s) => {
    localStorage.setItem('access_token', s.access_token);
    localStorage.setItem('refresh_token', s.refresh_token);
    localStorage.setItem('user_id', s.user_id);
  }, session);
  await page.goto('/');
  return session;
}

/** Resets the demo admin's workspace settings so journeys do not depend on each other's order. */
export async function resetSettings(page: Page, session: ApiSession): Promise<void> {
  await page.request.put('/api/me/settings', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: {
      visual_settings: {
        recently_visited_apps: [],
        taskbar_pos: 'bottom',
        desktop_wallpaper: 'none',
        sidebar_color: 'theme1',
        color_scheme: 'light',
      },
      avatar: 9,
    },
  });
}
