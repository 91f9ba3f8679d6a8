/** Reads every page of a list call (the API pages at most 200 rows at a time). */
import type { FerriteApi } from '../api';

const PAGE_SIZE = 200;

/** All rows under `key` of `path` (which may already carry a query), page by page. */
export async function listAll<T>(api: FerriteApi, path: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const answer = await api.get<Record<string, unknown> & { total_entries?: number }>(
      `${path}${join}page_size=${PAGE_SIZE}&page_number=${page}`,
    );
    const batch = (answer[key] ?? []) as T[];
    rows.push(...batch);
    if (batch.length < PAGE_SIZE || rows.length >= (answer.total_entries ?? 0)) return rows;
  }
}

/** The value of a search query parameter. */
export const search = (text: string) => `search=${encodeURIComponent(text)}`;
