/** Tenant Manager: organizations on the platform and sign-up requests (issue 4 item 1). */
import { z } from 'zod';
import { APP_KEYS } from './apps';
import { archivedFlagSchema, pageQuerySchema, tabCountsSchema } from './lists';
import { freeText, nameText } from './text';
import { ORG_SLUG_HINT, ORG_SLUG_PATTERN } from './validation';

export const orgLimitsSchema = z.object({
  users: z.number().int().min(1).max(100_000),
  gateways: z.number().int().min(0).max(1_000_000),
  data_retention_days: z.number().int().min(1).max(3650),
});
export type OrgLimits = z.infer<typeof orgLimitsSchema>;
export const DEFAULT_ORG_LIMITS: OrgLimits = { users: 50, gateways: 100, data_retention_days: 365 };

export const organizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  apps: z.array(z.enum(APP_KEYS)),
  limits: orgLimitsSchema,
  user_count: z.number().int(),
  admin: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

const organizationFields = {
  name: nameText('Organization name').min(2, { error: 'Please enter the organization name' }),
  slug: z.string().trim().regex(ORG_SLUG_PATTERN, { error: ORG_SLUG_HINT }),
  apps: z.array(z.enum(APP_KEYS)),
  limits: orgLimitsSchema,
};
export const organizationBodySchema = z
  .object({
    ...organizationFields,
    apps: organizationFields.apps.default([...APP_KEYS]),
    limits: organizationFields.limits.default(DEFAULT_ORG_LIMITS),
  })
  .strict();
export type OrganizationBody = z.infer<typeof organizationBodySchema>;
// Built from the fields without defaults: a partial update must not reset apps or limits it omits.
export const updateOrganizationBodySchema = z.object(organizationFields).partial().strict();
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const listOrganizationsQuerySchema = pageQuerySchema.extend({ is_archived: archivedFlagSchema });
export const listOrganizationsResponseSchema = z.object({
  organizations: z.array(organizationSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
});

export const ORG_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const orgRequestDetailSchema = z.object({
  id: z.string().uuid(),
  organization_name: z.string(),
  slug: z.string(),
  status: z.enum(ORG_REQUEST_STATUSES),
  reason: z.string().nullable(),
  requester: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }),
  org_id: z.string().uuid().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type OrgRequestDetail = z.infer<typeof orgRequestDetailSchema>;

export const listOrgRequestsQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORG_REQUEST_STATUSES).default('pending'),
});
export const listOrgRequestsResponseSchema = z.object({
  requests: z.array(orgRequestDetailSchema),
  total_entries: z.number().int(),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export const rejectOrgRequestBodySchema = z
  .object({ reason: freeText('Reason', 1000).min(3, { error: 'Please give the requester a reason' }) })
  .strict();
