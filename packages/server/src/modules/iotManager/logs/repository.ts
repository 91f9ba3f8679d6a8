/** SQL for a gateway's log; every method is scoped to one organization and one gateway. */
import { Repository } from '../../../platform/db/repository';

/** Reads and clears gateway log lines (the ingest side writes them through the log sink). */
export class GatewayLogRepository extends Repository {
  /** The newest lines first, optionally only older than `before` and of one level. */
  latest(
    orgId: string,
    gatewayId: string,
    filter: { limit: number; before?: string | undefined; level?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('gateway_logs')
      .select(['id', 'gateway_id', 'ts', 'kind', 'level', 'transport', 'message', 'payload', 'points'])
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId);
    if (filter.before) query = query.where('id', '<', filter.before);
    if (filter.level) query = query.where('level', '=', filter.level);
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /** Deletes every line of the gateway; answers how many went. */
  async clear(orgId: string, gatewayId: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('gateway_logs')
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId)
      .returning('id')
      .execute();
    return rows.length;
  }
}
