/**
 * Sharing a dashboard (spec §4 "Dashboard export", §6, §7 "Shared view" and "Sharing").
 *
 * By link: POST …/dashboards/{id}/export makes a link `/dashboards/{uuid}` and a password. The password
 * is stored only as an argon2id hash, so it is answered exactly once, by the call that sets it (the
 * export, or a PUT that sets or regenerates it); show_credentials answers the rest of the credentials.
 * The holder calls GET /dash_mgmt/dashboards/{uuid}/verify with the password and reads the dashboard
 * with the bearer token it answers, read-only. Revoking, expiry, or a new password or expiry end every
 * token.
 *
 * By e-mail: members of the organization are sent the dashboard and listed under "Shared Dashboards".
 */
import { z } from 'zod';
import { personSchema } from '../entityManager/projects';
import { uuidParam } from '../lists';
import { freeText, textSchema } from '../text';
import { emailSchema, passwordSchema } from '../validation';
import { dashboardSchema } from './dashboards';
import { gridSettingsSchema } from './layout';
import { panelSchema } from './panels';

/** Wrong passwords per link (and per address) inside the window before verify answers 429. */
export const SHARE_MAX_FAILURES = 5;
/** The window wrong passwords are counted in. */
export const SHARE_FAILURE_WINDOW_SECONDS = 15 * 60;
/** A share bearer token lives this long at most (less when the link expires sooner). */
export const SHARE_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The states of a link: revoked wins over expired. */
export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

/** The web route of a shared dashboard (spec §2 /dashboards/{uuid}). */
export function sharedDashboardPath(uuid: string): string {
  return `/dashboards/${uuid}`;
}

const futureInstant = z.iso
  .datetime({ offset: true, error: 'expires_at must be an ISO 8601 date-time' })
  .refine((value) => Date.parse(value) > Date.now(), { error: 'expires_at must be in the future' });

/** POST …/export: an optional password of the owner's choosing (else generated) and expiry. */
export const dashboardExportBodySchema = z
  .object({
    password: passwordSchema.optional(),
    expires_at: futureInstant.nullable().default(null),
  })
  .strict();
export type DashboardExportBody = z.input<typeof dashboardExportBodySchema>;

/** PUT …/export/{uuid}: change the expiry, revoke or restore, set or regenerate the password. */
export const dashboardExportUpdateBodySchema = z
  .object({
    expires_at: futureInstant.nullable().optional(),
    revoked: z.boolean().optional(),
    password: passwordSchema.optional(),
    regenerate_password: z.boolean().default(false),
  })
  .strict()
  .refine((body) => !(body.password && body.regenerate_password), {
    path: ['regenerate_password'],
    error: 'Either set a password or regenerate one, not both',
  });
export type DashboardExportUpdateBody = z.input<typeof dashboardExportUpdateBodySchema>;

/** A link as its owner sees it (never its password). */
export const dashboardExportSchema = z.object({
  uuid: z.string().uuid(),
  dashboard_id: z.string().uuid(),
  /** The web path of the shared view. */
  url: z.string(),
  status: z.enum(SHARE_LINK_STATUSES),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  password_set_at: z.string(),
  created_by: personSchema.nullable(),
  created_at: z.string(),
});
export type DashboardExport = z.infer<typeof dashboardExportSchema>;

/** The answer of a call that set the password: the only time the password is shown. */
export const dashboardExportSecretResponseSchema = z.object({
  export: dashboardExportSchema,
  /** Null when this call did not change the password. */
  password: z.string().nullable(),
});
export type DashboardExportSecretResponse = z.infer<typeof dashboardExportSecretResponseSchema>;

/** GET …/show_credentials: the link and its state; the password is not recoverable (hashed). */
export const dashboardExportCredentialsSchema = dashboardExportSchema.extend({
  /** The absolute address to hand out. */
  link: z.string(),
  password_hint: z.string(),
});
export type DashboardExportCredentials = z.infer<typeof dashboardExportCredentialsSchema>;

/** {orgId}, {id} (dashboard), {uuid} (link). */
export const dashboardExportParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  id: uuidParam('id'),
  uuid: uuidParam('uuid'),
});

/** What a link's password is refused in: an address ends up in logs, history and Referer headers. */
export const SHARE_PASSWORD_IN_QUERY =
  'The password goes in the request body or the `password` header, never in the address';
/**
 * The verify routes' query string: `password` is refused (400 naming it) before the password is
 * checked or counted.
 */
export const shareVerifyQuerySchema = z.object({
  password: z.never({ error: SHARE_PASSWORD_IN_QUERY }).optional(),
});
/** POST /dash_mgmt/dashboards/{uuid}/verify: the password in the body. */
export const shareVerifyBodySchema = z
  .object({ password: z.string().max(128, { error: 'A password is at most 128 characters' }) })
  .strict();
export type ShareVerifyBody = z.infer<typeof shareVerifyBodySchema>;
/** The link's bearer token and what it opens. */
export const shareVerifyResponseSchema = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  uuid: z.string().uuid(),
  org_id: z.string().uuid(),
  dashboard_id: z.string().uuid(),
});
export type ShareVerifyResponse = z.infer<typeof shareVerifyResponseSchema>;

/** {uuid} of a shared link. */
export const shareUuidParamsSchema = z.object({ uuid: uuidParam('uuid') });
/** {uuid} of a link, {id} of a panel of its dashboard. */
export const sharePanelParamsSchema = z.object({ uuid: uuidParam('uuid'), id: uuidParam('id') });
/** {uuid} of a link, {panelId} and {id} of a widget of its dashboard. */
export const shareWidgetParamsSchema = z.object({
  uuid: uuidParam('uuid'),
  panelId: uuidParam('panelId'),
  id: uuidParam('id'),
});
/** {uuid}, {panelId} of a shared panel's batch widget read. */
export const sharePanelWidgetsParamsSchema = shareWidgetParamsSchema.omit({ id: true });

/** GET /dash_mgmt/dashboards/{uuid}/: what the shared view draws first. */
export const sharedDashboardResponseSchema = z.object({
  uuid: z.string().uuid(),
  org_id: z.string().uuid(),
  dashboard: z.object({
    id: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    theme: z.string(),
    layout: gridSettingsSchema,
  }),
  panels: z.array(panelSchema),
  expires_at: z.string().nullable(),
});
export type SharedDashboardResponse = z.infer<typeof sharedDashboardResponseSchema>;

/** POST …/share: members of the organization to send the dashboard to, with an optional note. */
export const dashboardShareBodySchema = z
  .object({
    emails: z.array(emailSchema).min(1, { error: 'Enter at least one e-mail' }).max(50),
    message: freeText('Message', 1000).default(''),
  })
  .strict();
export type DashboardShareBody = z.input<typeof dashboardShareBodySchema>;

/** One person a dashboard is shared with. */
export const dashboardShareSchema = z.object({
  email: z.string(),
  user: personSchema.nullable(),
  shared_by: personSchema.nullable(),
  created_at: z.string(),
});
export type DashboardShare = z.infer<typeof dashboardShareSchema>;
/** GET …/users: the people a dashboard is shared with. */
export const dashboardSharesResponseSchema = z.object({ users: z.array(dashboardShareSchema) });

/** {orgId}, {dashboardId} of the e-mail sharing routes. */
export const dashboardShareParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  dashboardId: uuidParam('dashboardId'),
});
/** {userEmail} whose share ends. */
export const dashboardRevokeParamsSchema = dashboardShareParamsSchema.extend({
  userEmail: textSchema('userEmail', { max: 254, trim: false }),
});

/** A dashboard as the GET /dashboards/{id} answer shows it: with its panels and links. */
export const dashboardDetailSchema = dashboardSchema.extend({
  panels: z.array(panelSchema),
  exports: z.array(dashboardExportSchema),
  shared_with: z.number().int(),
});
export type DashboardDetail = z.infer<typeof dashboardDetailSchema>;
