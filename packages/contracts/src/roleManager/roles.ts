/** Custom roles: named sets of actions (spec §6). */
import { z } from 'zod';
import { abilitiesSchema, pageQuerySchema } from '../lists';
import { freeText, nameText } from '../text';
import { permissionListSchema } from './userGroups';

export const roleSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleBodySchema = z
  .object({
    name: nameText('Role name').min(1, { error: 'Please enter a role name' }),
    description: freeText('Description', 1000).default(''),
    permissions: permissionListSchema.default([]),
  })
  .strict();
export type RoleBody = z.infer<typeof roleBodySchema>;

export const listRolesQuerySchema = pageQuerySchema;
export const listRolesResponseSchema = z.object({
  roles: z.array(roleSchema),
  total_entries: z.number().int(),
  abilities: abilitiesSchema,
});
