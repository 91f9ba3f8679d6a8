/** Dashboards (spec §3 "Dashboard"): the list with Active / Archived tabs, recent ones, one dashboard. */
import { z } from 'zod';
import { personSchema } from '../entityManager/projects';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema, uuidParam } from '../lists';
import { freeText, nameText } from '../text';
import { DEFAULT_GRID_SETTINGS, gridSettingsSchema } from './layout';

/** The themes a new dashboard starts from ("New starts on a themes list"), with their colours. */
export const DASHBOARD_THEMES = [
  {
    id: 'default',
    name: 'Default',
    background: '#f8f9fa',
    panel: '#ffffff',
    accent: '#228be6',
    text: '#495057',
  },
  { id: 'dark', name: 'Dark', background: '#1a1b1e', panel: '#25262b', accent: '#4dabf7', text: '#c1c2c5' },
  { id: 'ocean', name: 'Ocean', background: '#e7f5ff', panel: '#ffffff', accent: '#1098ad', text: '#0b3954' },
  {
    id: 'forest',
    name: 'Forest',
    background: '#ebfbee',
    panel: '#ffffff',
    accent: '#2b8a3e',
    text: '#2f3e2f',
  },
  {
    id: 'sunset',
    name: 'Sunset',
    background: '#fff4e6',
    panel: '#ffffff',
    accent: '#e8590c',
    text: '#5c3d2e',
  },
  { id: 'slate', name: 'Slate', background: '#e9ecef', panel: '#f8f9fa', accent: '#495057', text: '#212529' },
  {
    id: 'control-room',
    name: 'Control room',
    background: '#0b132b',
    panel: '#1c2541',
    accent: '#5bc0be',
    text: '#e0e6ed',
  },
] as const;
export type DashboardTheme = (typeof DASHBOARD_THEMES)[number];
/** The theme ids, for the theme enum. */
export const DASHBOARD_THEME_IDS = DASHBOARD_THEMES.map((theme) => theme.id) as [
  DashboardTheme['id'],
  ...DashboardTheme['id'][],
];
/** The theme of a dashboard that names none. */
export const DEFAULT_DASHBOARD_THEME: DashboardTheme['id'] = 'default';

/** How many dashboards GET /recent_dashboards answers. */
export const RECENT_DASHBOARDS_LIMIT = 10;

/** A dashboard as lists answer it. */
export const dashboardSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  theme: z.enum(DASHBOARD_THEME_IDS),
  is_archived: z.boolean(),
  layout: gridSettingsSchema,
  panel_count: z.number().int(),
  widget_count: z.number().int(),
  created_by: personSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Create and replace (PUT) body; `is_archived` moves it between the Active and Archived tabs. */
export const dashboardBodySchema = z
  .object({
    name: nameText('Dashboard name').min(1, { error: 'Please enter a dashboard name' }),
    description: freeText('Description', 2000).default(''),
    theme: z.enum(DASHBOARD_THEME_IDS, { error: 'Please choose a theme' }).default(DEFAULT_DASHBOARD_THEME),
    layout: gridSettingsSchema.default(DEFAULT_GRID_SETTINGS),
    is_archived: z.boolean().default(false),
  })
  .strict();
export type DashboardBody = z.input<typeof dashboardBodySchema>;

/** `is_archived=true` for the Archived tab; `shared=true` for dashboards shared with the caller. */
export const dashboardListQuerySchema = pageQuerySchema.extend({
  is_archived: archivedFlagSchema,
  shared: archivedFlagSchema,
});

/** One page of a tab with both tab counts and the caller's Dashboards abilities. */
export const dashboardListResponseSchema = z.object({
  dashboards: z.array(dashboardSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
export type DashboardListResponse = z.infer<typeof dashboardListResponseSchema>;

/** A dashboard with when the caller last opened it. */
export const recentDashboardSchema = dashboardSchema.extend({ opened_at: z.string() });
/** GET /recent_dashboards. */
export const recentDashboardsResponseSchema = z.object({ dashboards: z.array(recentDashboardSchema) });
export type RecentDashboardsResponse = z.infer<typeof recentDashboardsResponseSchema>;

/** {orgId}, {id} of one dashboard. */
export const dashboardParamsSchema = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });
/** {orgId}, {dashboardId} of routes under one dashboard. */
export const dashboardIdParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  dashboardId: uuidParam('dashboardId'),
});

/** POST /dashboards/{dashboardId}/duplicates: a copy of the whole dashboard (default name "<name> (copy)"). */
export const duplicateDashboardBodySchema = z
  .object({ name: nameText('Dashboard name').min(1, { error: 'Please enter a dashboard name' }).optional() })
  .strict();

/** POST /dashboards/{dashboardId}/duplicate_dashboards: copies of some panels into another dashboard. */
export const copyPanelsBodySchema = z
  .object({
    target_dashboard_id: z.string().uuid(),
    panel_ids: z.array(z.string().uuid()).min(1, { error: 'Choose at least one panel' }).max(100),
  })
  .strict();

/** The token socket.io accepts at connect for this session (POST /fetch_token). */
export const socketTokenResponseSchema = z.object({ token: z.string(), expires_at: z.string() });
export type SocketTokenResponse = z.infer<typeof socketTokenResponseSchema>;
