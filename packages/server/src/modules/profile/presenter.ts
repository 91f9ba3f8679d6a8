/** Profile row → MeResponse, with settings filled from the defaults. */

import {
  APP_KEYS,
  type AppKey,
  DEFAULT_USER_SETTING,
  type MeResponse,
  type OrgRole,
  storedForm,
  type UserSetting,
  userSettingSchema,
} from '@ferrite/contracts';
import type { Abilities } from '../../platform/authorization/abilities';

// A time zone or date format stored before the text rules is still answered as it is.
const storedSettingSchema = storedForm(userSettingSchema);

/** Stored settings merged over the defaults; anything unreadable falls back to its default. */
export function mergeSettings(stored: unknown): UserSetting {
  const value = (stored ?? {}) as Partial<UserSetting>;
  const merged = {
    visual_settings: { ...DEFAULT_USER_SETTING.visual_settings, ...(value.visual_settings ?? {}) },
    data_settings: { ...DEFAULT_USER_SETTING.data_settings, ...(value.data_settings ?? {}) },
  };
  const parsed = storedSettingSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_USER_SETTING;
}

interface ProfileRow {
  id: string;
  name: string;
  email: string;
  avatar: number;
  phone: string | null;
  is_platform_admin: boolean;
  settings: unknown;
  last_login_at: Date | null;
  role: string;
  org_id: string;
  org_name: string;
  org_slug: string;
  org_apps: string[];
}

/** The caller's profile as GET /me answers it. */
export function presentMe(row: ProfileRow, abilities: Abilities): MeResponse {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    phone: row.phone,
    is_platform_admin: row.is_platform_admin,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    org: {
      id: row.org_id,
      name: row.org_name,
      slug: row.org_slug,
      role: row.role as OrgRole,
      apps: APP_KEYS.filter((key): key is AppKey => row.org_apps.includes(key)),
    },
    user_credentials: { user_setting: mergeSettings(row.settings) },
    abilities: { apps: abilities.apps, permissions: [...abilities.permissions].sort() },
  };
}
