/** SQL for gateway mappings; every method is scoped to one organization. */
import { Repository } from '../../../platform/db/repository';

/** Data access for mappings; bind it to a transaction with `transaction`. */
export class MappingRepository extends Repository {
  private select(orgId: string) {
    return this.db
      .selectFrom('gateway_mappings as m')
      .innerJoin('entities as e', (join) =>
        join.onRef('e.id', '=', 'm.sensor_id').onRef('e.org_id', '=', 'm.org_id'),
      )
      .innerJoin('gateways as g', (join) =>
        join.onRef('g.id', '=', 'm.gateway_id').onRef('g.org_id', '=', 'm.org_id'),
      )
      .select([
        'm.id',
        'm.gateway_id',
        'g.name as gateway_name',
        'm.json_path',
        'm.sensor_id',
        'e.name as sensor_name',
        'm.param_key',
        'm.created_at',
      ])
      .where('m.org_id', '=', orgId);
  }

  /** A gateway's mappings by JSON path. */
  ofGateway(orgId: string, gatewayId: string) {
    return this.select(orgId)
      .where('m.gateway_id', '=', gatewayId)
      .orderBy('m.json_path')
      .orderBy('e.name')
      .orderBy('m.param_key')
      .execute();
  }

  /** One mapping of a gateway. */
  findOne(orgId: string, gatewayId: string, id: string) {
    return this.select(orgId).where('m.gateway_id', '=', gatewayId).where('m.id', '=', id).executeTakeFirst();
  }

  /** The mapping that feeds a sensor parameter, from whichever gateway of the organization. */
  feeding(orgId: string, sensorId: string, paramKey: string) {
    return this.select(orgId)
      .where('m.sensor_id', '=', sensorId)
      .where('m.param_key', '=', paramKey)
      .executeTakeFirst();
  }

  /** Every mapping feeding a sensor of the project (the mapping tree marks what is taken). */
  ofProject(orgId: string, projectId: string) {
    return this.select(orgId).where('e.project_id', '=', projectId).execute();
  }

  /** The entity, if it is one of the project's. */
  findEntity(orgId: string, projectId: string, id: string) {
    return this.db
      .selectFrom('entities')
      .select(['id', 'kind', 'name', 'type_id'])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Creates a mapping and answers its id. */
  async insert(
    orgId: string,
    values: { gateway_id: string; json_path: string; sensor_id: string; param_key: string },
  ): Promise<string> {
    const row = await this.db
      .insertInto('gateway_mappings')
      .values({ org_id: orgId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes one mapping; answers false when it was already gone. */
  async delete(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('gateway_mappings')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}

export type MappingRow = NonNullable<Awaited<ReturnType<MappingRepository['findOne']>>>;
