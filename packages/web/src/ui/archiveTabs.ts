/** The Active and Archived tabs of a list page (spec §2 "list pages with counts and Active/Archived tabs"). */
import type { TabCounts } from '@ferrite/contracts';
import type { ReactNode } from 'react';
import type { ListTab } from './ListPage';

/** Which of the two tabs a list shows, named as the server counts them. */
export type ArchiveTab = keyof TabCounts;

/** The two tabs with their counts; no count badges until the counts are known. */
export function archiveTabs(
  counts: TabCounts | undefined,
  icons: Partial<Record<ArchiveTab, ReactNode>> = {},
): ListTab[] {
  return [
    { value: 'active', label: 'Active', count: counts?.active, icon: icons.active },
    { value: 'archived', label: 'Archived', count: counts?.archived, icon: icons.archived },
  ];
}
