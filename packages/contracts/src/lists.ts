/** Paging and archive filters shared by every list call (spec §4 list stores). */
import { z } from 'zod';
import { nameText } from './text';

export const DEFAULT_PAGE_SIZE = 10;
/** The last page number accepted: far past any list, and its offset stays an ordinary integer. */
export const PAGE_NUMBER_MAX = 1_000_000;

/** page_number (from 1), page_size, optional search text. */
export const pageQuerySchema = z.object({
  page_number: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
  search: nameText('Search').optional(),
});

/** `is_archived=true` lists the Archived tab, anything else the Active tab. */
export const archivedFlagSchema = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** Active and archived totals shown on the tabs. */
export const tabCountsSchema = z.object({ active: z.number().int(), archived: z.number().int() });
export type TabCounts = z.infer<typeof tabCountsSchema>;

export const uuidParam = (name: string) => z.string().uuid({ error: `${name} must be a UUID` });

/** PostgreSQL's largest bigint: serial ids (log lines, activity) never pass it. */
const BIGINT_MAX = 9_223_372_036_854_775_807n;
/** A bigint id as text (a paging cursor): digits only, within PostgreSQL's bigint. */
export const bigintIdParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,19}$/, { error: `${name} must be a numeric id` })
    .refine((value) => !/^\d{19}$/.test(value) || BigInt(value) <= BIGINT_MAX, {
      error: `${name} is past the largest id`,
    });
export const orgParamsSchema = z.object({ orgId: uuidParam('orgId') });
export const orgItemParamsSchema = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });
export const idParamsSchema = z.object({ id: uuidParam('id') });

/** The permissions the caller holds in the app a list belongs to, so the UI hides what it may not do. */
export const abilitiesSchema = z.array(z.string());
