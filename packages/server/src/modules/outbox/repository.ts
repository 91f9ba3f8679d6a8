/** SQL for the outbox: the mail the platform kept, for platform admins (not tenant data). */
import { Repository } from '../../platform/db/repository';

/** Data access for kept mail. */
export class OutboxRepository extends Repository {
  /** One page of kept mail, newest first, optionally only to one (lower-case) address; and how many match. */
  async page(filter: { to?: string | undefined; limit: number; offset: number }) {
    let query = this.db.selectFrom('outbox');
    if (filter.to) query = query.where('to_address', '=', filter.to);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
