/** User groups: allowed apps and, per app, allowed actions (spec §3, §6). */
import { z } from 'zod';
import { APP_KEYS } from '../apps';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema } from '../lists';
import { isPermission } from '../permissions';
import { freeText, nameText } from '../text';

export const permissionListSchema = z
  .array(z.string().refine(isPermission, { error: 'Unknown permission' }))
  .max(500);

export const userGroupSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  apps: z.array(z.enum(APP_KEYS)),
  permissions: z.array(z.string()),
  member_count: z.number().int(),
  /** The members' user ids, so the group editor can show and change them. */
  member_ids: z.array(z.string().uuid()),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const userGroupBodySchema = z
  .object({
    name: nameText('Group name').min(1, { error: 'Please enter a group name' }),
    description: freeText('Description', 1000).default(''),
    apps: z.array(z.enum(APP_KEYS)).default([]),
    permissions: permissionListSchema.default([]),
    member_ids: z.array(z.string().uuid()).max(10_000).optional(),
  })
  .strict();
export type UserGroupBody = z.infer<typeof userGroupBodySchema>;

export const listUserGroupsQuerySchema = pageQuerySchema.extend({ is_archived: archivedFlagSchema });
export const listUserGroupsResponseSchema = z.object({
  user_groups: z.array(userGroupSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
