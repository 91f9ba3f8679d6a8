/** Test-only: a signed-in profile of one organization holding chosen permissions, for any app's tests. */
import type { MeResponse, Permission } from '@ferrite/contracts';

export const ORG_ID = '7d9b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b22';

/** GET /me for an admin of ORG_ID holding just these permissions. */
export function meWith(permissions: Permission[]): MeResponse {
  return {
    id: '3f1c1f7e-4a55-4e1b-9d47-2b8e5f0c9a11',
    name: 'Ada Admin',
    email: 'ada@example.com',
    avatar: 9,
    is_platform_admin: false,
    phone: null,
    last_login_at: null,
    org: {
      id: ORG_ID,
      name: 'Plant',
      slug: 'plant',
      role: 'admin',
      apps: ['roleManager', 'dashboards', 'alerts'],
    },
    user_credentials: {
      user_setting: {
        visual_settings: {
          recently_visited_apps: [],
          taskbar_pos: 'bottom',
          desktop_wallpaper: 'none',
          sidebar_color: 'theme1',
          color_scheme: 'light',
        },
        data_settings: { timezone: 'UTC', date_format: 'YYYY-MM-DD' },
      },
    },
    abilities: { apps: ['roleManager'], permissions },
  };
}
