/**
 * The mapping screen's project tree: the gateway's project's assets and sensors depth-first (the Entity
 * Manager's hierarchy order), each sensor with its effective parameters and who already feeds each.
 */
import type { DataType, MappingTreeResponse } from '@ferrite/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { depthFirst, effectiveOf, HierarchyRepository, TypeRepository } from '../../entityManager';
import { mustFindProject, ProjectRepository } from '../../projects';
import { mustFindGateway } from '../gateways/checks';
import { GatewayRepository } from '../gateways/repository';
import { MappingRepository } from './repository';

type Parameter = MappingTreeResponse['nodes'][number]['parameters'][number];

/** The tree of the gateway's project with each sensor parameter's mapping, if any. */
export async function mappingTree(
  db: Kysely<Database>,
  orgId: string,
  gatewayId: string,
): Promise<MappingTreeResponse> {
  const gateways = new GatewayRepository(db);
  const gateway = await mustFindGateway(gateways, orgId, gatewayId);
  const project = await mustFindProject(new ProjectRepository(db), orgId, gateway.project_id);
  const [rows, mappings] = await Promise.all([
    new HierarchyRepository(db).tree(orgId, project.id),
    new MappingRepository(db).ofProject(orgId, project.id),
  ]);
  const { ordered } = depthFirst(rows);
  const sensorTypeIds = [
    ...new Set(ordered.filter((row) => row.kind === 'sensor').map((row) => row.type_id)),
  ];
  const types = await new TypeRepository(db).withAncestors(orgId, sensorTypeIds);
  const parametersByType = new Map(sensorTypeIds.map((id) => [id, effectiveOf(id, types).parameters]));
  const mapped = new Map(mappings.map((m) => [`${m.sensor_id}\u0000${m.param_key}`, m]));
  return {
    project: { id: project.id, name: project.name },
    nodes: ordered.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      parent_id: row.parent_id,
      depth: row.depth,
      parameters:
        row.kind === 'sensor'
          ? (parametersByType.get(row.type_id) ?? []).map((parameter): Parameter => {
              const mapping = mapped.get(`${row.id}\u0000${parameter.key}`);
              return {
                key: parameter.key,
                data_type: parameter.data_type as DataType,
                unit: parameter.unit,
                mapped: mapping
                  ? {
                      mapping_id: mapping.id,
                      gateway_id: mapping.gateway_id,
                      gateway_name: mapping.gateway_name,
                      json_path: mapping.json_path,
                    }
                  : null,
              };
            })
          : [],
    })),
  };
}
