/** Invitations: single-use mailed links to join an organization (issue 4 item 3). */
import { z } from 'zod';
import { abilitiesSchema, pageQuerySchema } from '../lists';
import { ORG_ROLES } from '../profile';
import { nameText } from '../text';
import { emailSchema, passwordSchema } from '../validation';

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_KINDS = ['set-password', 'join-org'] as const;
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;

export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ORG_ROLES),
  kind: z.enum(INVITATION_KINDS),
  status: z.enum(INVITATION_STATUSES),
  user_groups: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  invited_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationBodySchema = z
  .object({
    email: emailSchema,
    name: nameText('Name').default(''),
    role: z.enum(ORG_ROLES).default('member'),
    user_group_ids: z.array(z.string().uuid()).max(100).default([]),
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const listInvitationsQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVITATION_STATUSES).default('pending'),
});
export const listInvitationsResponseSchema = z.object({
  invitations: z.array(invitationSchema),
  total_entries: z.number().int(),
  abilities: abilitiesSchema,
});

/** The title of the 404/410 for an unknown, used, revoked or expired invitation link. */
export const INVALID_INVITATION_TITLE = 'This invitation link is invalid or has expired';

/** The token of /invitations/{token}, as mailed. */
export const invitationTokenParamsSchema = z.object({
  token: z.string().min(1).max(200, { error: 'The invitation token is too long' }),
});

/** GET /invitations/{token}: what the person sees before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  org_id: z.string().uuid(),
  org_name: z.string(),
  kind: z.enum(INVITATION_KINDS),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** New people choose a name and password; existing users confirm with their current password. */
export const acceptInvitationBodySchema = z
  .object({
    name: nameText('Name').min(1, { error: 'Name is required' }).optional(),
    password: passwordSchema.optional(),
    current_password: z.string().min(1).max(128).optional(),
  })
  .strict();
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
