/** SQL for the IoT Manager's project views: gateway counts per project and what each gateway feeds. */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** Reads across a project's gateways; every method is scoped to one organization. */
export class IotProjectRepository extends Repository {
  /**
   * One page of the organization's active projects, newest first, each with how many active gateways
   * it has and how many of those were heard from within their heartbeat timeout at `now`.
   */
  list(orgId: string, filter: { pattern: string | null; limit: number; offset: number; now: Date }) {
    let query = this.db
      .selectFrom('projects as p')
      .leftJoin('gateways as g', (join) =>
        join
          .onRef('g.org_id', '=', 'p.org_id')
          .onRef('g.project_id', '=', 'p.id')
          .on('g.archived_at', 'is', null),
      )
      .select([
        'p.id',
        'p.name',
        'p.description',
        sql<string>`count(g.id)`.as('gateway_count'),
        sql<string>`count(g.id) filter (where g.last_seen_at > ${filter.now}::timestamptz - g.heartbeat_timeout_s * interval '1 second')`.as(
          'online_count',
        ),
      ])
      .where('p.org_id', '=', orgId)
      .where('p.archived_at', 'is', null)
      .groupBy(['p.id', 'p.name', 'p.description', 'p.created_at']);
    const pattern = filter.pattern;
    if (pattern) {
      query = query.where((eb) =>
        eb.or([eb('p.name', 'ilike', pattern), eb('p.description', 'ilike', pattern)]),
      );
    }
    return query
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** How many active projects match the search. */
  async count(orgId: string, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('archived_at', 'is', null);
    if (pattern) {
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
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
