/** Paging and search helpers every list endpoint shares. */

/** Limit and offset for a 1-based page. */
export function pageWindow(query: { page_number: number; page_size: number }): {
  limit: number;
  offset: number;
} {
  return { limit: query.page_size, offset: (query.page_number - 1) * query.page_size };
}

/** An ILIKE pattern matching the text anywhere, with LIKE wildcards in the text taken literally. */
export function searchPattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
