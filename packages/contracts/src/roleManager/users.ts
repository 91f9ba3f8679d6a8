/** Role Manager users: members of the organization (spec §3 "User"). */
import { z } from 'zod';
import { APP_KEYS } from '../apps';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema } from '../lists';
import { ORG_ROLES } from '../profile';
import { nameText, textSchema } from '../text';

export const orgUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.number().int(),
  role: z.enum(ORG_ROLES),
  custom_role: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  user_groups: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  /** Asset uuids the user is responsible for (Entity Manager fills these in). */
  assets: z.array(z.string()),
  /** Apps granted to the user directly, on top of their groups. */
  apps: z.array(z.enum(APP_KEYS)),
  last_login: z.string().nullable(),
  date_added: z.string(),
  archived_at: z.string().nullable(),
});
export type OrgUser = z.infer<typeof orgUserSchema>;

export const listUsersQuerySchema = pageQuerySchema.extend({ is_archived: archivedFlagSchema });

export const userCountsSchema = z.object({
  active: z.number().int(),
  archived: z.number().int(),
  invites: z.number().int(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const listUsersResponseSchema = z.object({
  users: z.array(orgUserSchema),
  total_entries: z.number().int(),
  counts: userCountsSchema,
  abilities: abilitiesSchema,
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export const updateUserBodySchema = z
  .object({
    name: nameText('Name').min(1, { error: 'Name is required' }),
    phone: nameText('Phone', 32).nullable(),
    role: z.enum(ORG_ROLES),
    custom_role_id: z.string().uuid().nullable(),
    user_group_ids: z.array(z.string().uuid()).max(100),
    assets: z.array(textSchema('Asset', { max: 64, trim: false })).max(10_000),
    apps: z.array(z.enum(APP_KEYS)),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
