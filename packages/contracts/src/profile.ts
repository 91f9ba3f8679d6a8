/** The user profile and its settings (spec §3 "User profile"). */
import { z } from 'zod';
import { APP_KEYS } from './apps';
import { DEFAULT_AVATAR } from './constants';
import { textSchema } from './text';

export const TASKBAR_POSITIONS = ['bottom', 'top', 'left', 'right'] as const;
export const SIDEBAR_COLORS = ['theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6'] as const;
export const WALLPAPERS = ['none', 'aurora', 'blueprint', 'foundry', 'dunes', 'circuit'] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;

export const visualSettingsSchema = z.object({
  recently_visited_apps: z.array(z.enum(APP_KEYS)).max(APP_KEYS.length),
  taskbar_pos: z.enum(TASKBAR_POSITIONS),
  desktop_wallpaper: z.enum(WALLPAPERS),
  sidebar_color: z.enum(SIDEBAR_COLORS),
  color_scheme: z.enum(COLOR_SCHEMES),
});

export const dataSettingsSchema = z.object({
  timezone: textSchema('Time zone', { max: 64, trim: false }),
  date_format: textSchema('Date format', { max: 32, trim: false }),
});

export const userSettingSchema = z.object({
  visual_settings: visualSettingsSchema,
  data_settings: dataSettingsSchema,
});

export type VisualSettings = z.infer<typeof visualSettingsSchema>;
export type DataSettings = z.infer<typeof dataSettingsSchema>;
export type UserSetting = z.infer<typeof userSettingSchema>;

export const DEFAULT_USER_SETTING: UserSetting = {
  visual_settings: {
    recently_visited_apps: [],
    taskbar_pos: 'bottom',
    desktop_wallpaper: 'none',
    sidebar_color: 'theme1',
    color_scheme: 'light',
  },
  data_settings: { timezone: 'UTC', date_format: 'YYYY-MM-DD HH:mm' },
};

/** PUT /me/settings: any subset of the settings; recently_visited_apps must hold no duplicates. */
export const updateSettingsBodySchema = z
  .object({
    visual_settings: visualSettingsSchema
      .partial()
      .refine(
        (v) =>
          !v.recently_visited_apps ||
          new Set(v.recently_visited_apps).size === v.recently_visited_apps.length,
        {
          message: 'recently_visited_apps must not repeat an app',
          path: ['recently_visited_apps'],
        },
      )
      .optional(),
    data_settings: dataSettingsSchema.partial().optional(),
    avatar: z.number().int().min(1).max(24).optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const ORG_ROLES = ['admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const orgSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ORG_ROLES),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;

export const userSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  avatar: z.number().int(),
  is_platform_admin: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** What the caller may open and do in the organization of their session. */
export const abilitiesResponseSchema = z.object({
  apps: z.array(z.enum(APP_KEYS)),
  permissions: z.array(z.string()),
});
export type Abilities = z.infer<typeof abilitiesResponseSchema>;

export const meResponseSchema = userSummarySchema.extend({
  phone: z.string().nullable(),
  last_login_at: z.string().nullable(),
  org: orgSummarySchema.extend({ apps: z.array(z.enum(APP_KEYS)) }),
  user_credentials: z.object({ user_setting: userSettingSchema }),
  abilities: abilitiesResponseSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export { DEFAULT_AVATAR };
