/** Reading the activity log: filters by person, app, time window and summary text. */
import type { ActivityEntry } from '@ferrite/contracts';
import { invalidFields, pageWindow, searchPattern } from '../shared';
import { presentActivity } from './presenter';
import type { ActivityRepository } from './repository';

export interface ActivityQuery {
  user_id?: string | undefined;
  app?: string | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
  search?: string | undefined;
  page_number: number;
  page_size: number;
}

/** The organization's activity log. */
export class ActivityService {
  constructor(private readonly repo: ActivityRepository) {}

  /** One page of matching entries, newest first, and their total. */
  async list(
    orgId: string,
    query: ActivityQuery,
  ): Promise<{ activity: ActivityEntry[]; total_entries: number }> {
    const from = query.from_date ? new Date(query.from_date) : undefined;
    const to = query.to_date ? new Date(query.to_date) : undefined;
    if (from && to && from > to) {
      throw invalidFields([{ path: 'query.to_date', message: 'to_date must not be before from_date' }]);
    }
    const filter = {
      actorId: query.user_id,
      app: query.app,
      from,
      to,
      pattern: searchPattern(query.search),
    };
    const [rows, total] = await Promise.all([
      this.repo.list(orgId, filter, pageWindow(query)),
      this.repo.count(orgId, filter),
    ]);
    return { activity: rows.map(presentActivity), total_entries: total };
  }
}
