/** SQL for reading the organization's activity log (writes go through platform/audit). */
import { Repository } from '../../../platform/db/repository';

export interface ActivityFilter {
  actorId?: string | undefined;
  app?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  pattern: string | null;
}

/** Data access for the activity log. */
export class ActivityRepository extends Repository {
  private filtered(orgId: string, filter: ActivityFilter) {
    let query = this.db
      .selectFrom('activity as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .where('a.org_id', '=', orgId);
    if (filter.actorId) query = query.where('a.actor_id', '=', filter.actorId);
    if (filter.app) query = query.where('a.app', '=', filter.app);
    if (filter.from) query = query.where('a.created_at', '>=', filter.from);
    if (filter.to) query = query.where('a.created_at', '<=', filter.to);
    if (filter.pattern) query = query.where('a.summary', 'ilike', filter.pattern);
    return query;
  }

  /** One page of entries, newest first, with the actor's name and e-mail. */
  list(orgId: string, filter: ActivityFilter, page: { limit: number; offset: number }) {
    return this.filtered(orgId, filter)
      .select([
        'a.id',
        'a.actor_id',
        'a.app',
        'a.action',
        'a.entity_type',
        'a.entity_id',
        'a.summary',
        'a.before',
        'a.after',
        'a.created_at',
        'u.name as actor_name',
        'u.email as actor_email',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** How many entries match. */
  async count(orgId: string, filter: ActivityFilter): Promise<number> {
    const row = await this.filtered(orgId, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

export type ActivityRow = Awaited<ReturnType<ActivityRepository['list']>>[number];
