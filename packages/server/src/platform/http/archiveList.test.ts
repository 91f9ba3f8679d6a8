import { describe, expect, it } from 'vitest';
import type { ArchiveTab } from '../db/archiveTabs';
import { archiveList, archiveTab, pageOfParts } from './archiveList';

const query = { is_archived: false, page_number: 1, page_size: 10 };

describe('the Active/Archived list use case', () => {
  it('reads the tab, search and page the query names', () => {
    expect(
      archiveTab({ ...query, is_archived: true, page_number: 3, page_size: 25, search: ' pump ' }),
    ).toEqual({
      archived: true,
      pattern: '%pump%',
      limit: 25,
      offset: 50,
    });
    expect(archiveTab(query)).toEqual({ archived: false, pattern: null, limit: 10, offset: 0 });
  });

  it('takes LIKE wildcards in the search literally', () => {
    expect(archiveTab({ ...query, search: '50%_off\\' }).pattern).toBe('%50\\%\\_off\\\\%');
  });

  it("answers the page under the list's key with the matching total and both tab totals", async () => {
    const asked: ArchiveTab[] = [];
    const answer = await archiveList(
      'gateways',
      { ...query, is_archived: true, page_number: 2, page_size: 2, search: 'line' },
      async (tab) => {
        asked.push(tab);
        return { rows: [{ n: 3 }, { n: 4 }], total: 5, counts: { active: 7, archived: 5 } };
      },
      (rows) => rows.map((row) => `gateway ${row.n}`),
    );
    expect(asked).toEqual([{ archived: true, pattern: '%line%', limit: 2, offset: 2 }]);
    expect(answer).toEqual({
      gateways: ['gateway 3', 'gateway 4'],
      total_entries: 5,
      counts: { active: 7, archived: 5 },
    });
  });

  it('presents rows with an asynchronous presenter (members looked up per page)', async () => {
    const answer = await archiveList(
      'projects',
      query,
      () =>
        pageOfParts(Promise.resolve(['a']), Promise.resolve(1), Promise.resolve({ active: 1, archived: 0 })),
      async (rows) => rows.map((id) => ({ id, members: [] })),
    );
    expect(answer).toEqual({
      projects: [{ id: 'a', members: [] }],
      total_entries: 1,
      counts: { active: 1, archived: 0 },
    });
  });

  it('answers an empty page past the end with the totals still counted', async () => {
    const answer = await archiveList(
      'dashboards',
      { ...query, page_number: 9 },
      () => pageOfParts(Promise.resolve([]), Promise.resolve(4), Promise.resolve({ active: 4, archived: 2 })),
      (rows: string[]) => rows,
    );
    expect(answer).toEqual({ dashboards: [], total_entries: 4, counts: { active: 4, archived: 2 } });
  });
});
