/**
 * SQL for the IoT Manager's project views: gateway counts per project and what each gateway feeds.
 * The projects themselves come from the projects module.
 */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** Reads across a project's gateways; every method is scoped to one organization. */
export class IotProjectRepository extends Repository {
  /**
   * Per project, how many active gateways it has and how many of those were heard from within their
   * heartbeat timeout at `now` (projects without gateways are left out).
   */
  async gatewayCounts(
    orgId: string,
    projectIds: readonly string[],
    now: Date,
  ): Promise<Map<string, { gateways: number; online: number }>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('gateways as g')
      .select([
        'g.project_id',
        sql<string>`count(*)`.as('gateway_count'),
        sql<string>`count(*) filter (where g.last_seen_at > ${now}::timestamptz - g.heartbeat_timeout_s * interval '1 second')`.as(
          'online_count',
        ),
      ])
      .where('g.org_id', '=', orgId)
      .where('g.project_id', 'in', projectIds)
      .where('g.archived_at', 'is', null)
      .groupBy('g.project_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.project_id,
        { gateways: Number(row.gateway_count), online: Number(row.online_count) },
      ]),
    );
  }

  /** The active gateways of a project by name. */
  gateways(orgId: string, projectId: string) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'name', 'type', 'protocol', 'parent_id', 'last_seen_at', 'heartbeat_timeout_s'])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('archived_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The sensor parameters each of these gateways feeds, by sensor name then key. */
  fed(orgId: string, gatewayIds: readonly string[]) {
    if (gatewayIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateway_mappings as m')
      .innerJoin('entities as e', (join) =>
        join.onRef('e.id', '=', 'm.sensor_id').onRef('e.org_id', '=', 'm.org_id'),
      )
      .select(['m.gateway_id', 'm.sensor_id', 'e.name as sensor_name', 'm.param_key'])
      .where('m.org_id', '=', orgId)
      .where('m.gateway_id', 'in', gatewayIds)
      .orderBy('e.name')
      .orderBy('m.sensor_id')
      .orderBy('m.param_key')
      .execute();
  }
}
