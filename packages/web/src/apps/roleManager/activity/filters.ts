/** The activity filters and how they become query parameters. */
import type { AppKey } from '@ferrite/contracts';

export interface ActivityFilterValues {
  userId: string | null;
  app: AppKey | null;
  /** Calendar days 'YYYY-MM-DD' (the date picker's values), either end open. */
  range: [string | null, string | null];
  search: string;
}

export const NO_FILTERS: ActivityFilterValues = { userId: null, app: null, range: [null, null], search: '' };

/** A day's start (or end) in the viewer's time zone, as the ISO instant the API takes. */
export function dayBoundary(day: string | null, end: boolean): string | undefined {
  if (!day) return undefined;
  const local = new Date(`${day.slice(0, 10)}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

/** True when any filter narrows the list. */
export function isFiltered(filters: ActivityFilterValues): boolean {
  return Boolean(filters.userId || filters.app || filters.range[0] || filters.range[1] || filters.search);
}
