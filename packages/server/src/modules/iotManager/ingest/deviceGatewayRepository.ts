/**
 * SQL the device side speaks about gateways, across every organization (a device names its gateway by
 * id, MQTT client id or topic before any organization is known): the gateway a transport authenticates
 * with its mapped fields, last-seen times, and the accounts an external broker must hold.
 */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import { topicBlockedSql } from '../gateways/topicTreeRepository';

/** Data access for the device side; one instance serves every message (no allocation per message). */
export class DeviceGatewayRepository extends Repository {
  /** The gateway whose id, MQTT client id or base topic this is, with whether its topic is blocked. */
  findBy(column: 'id' | 'client_id' | 'topic', value: string) {
    return this.db
      .selectFrom('gateways as g')
      .selectAll('g')
      .select(topicBlockedSql('g').as('topic_blocked'))
      .where(`g.${column}`, '=', value)
      .executeTakeFirst();
  }

  /** The gateway's mapped fields: which JSON path feeds which sensor parameter. */
  mappingsOf(orgId: string, gatewayId: string) {
    return this.db
      .selectFrom('gateway_mappings')
      .select(['json_path', 'sensor_id', 'param_key'])
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId)
      .execute();
  }

  /** Stores when gateways were last seen (ISO times), in one statement; a time never moves back. */
  async markSeen(ids: readonly string[], stamps: readonly string[]): Promise<void> {
    await sql`
      update gateways g set last_seen_at = v.ts
      from unnest(${ids}::uuid[], ${stamps}::timestamptz[]) as v(id, ts)
      where g.id = v.id and (g.last_seen_at is null or g.last_seen_at < v.ts)`.execute(this.db);
  }

  /** One gateway (by id) or all of them, with what an external broker's account of each needs. */
  brokerAccounts(gatewayId: string | null) {
    let query = this.db
      .selectFrom('gateways as g')
      .select([
        'g.id',
        'g.org_id',
        'g.protocol',
        'g.username',
        'g.client_id',
        'g.topic',
        'g.archived_at',
        'g.token_hash',
        'g.updated_at',
        topicBlockedSql('g').as('topic_blocked'),
      ]);
    if (gatewayId) query = query.where('g.id', '=', gatewayId);
    return query.execute();
  }
}
