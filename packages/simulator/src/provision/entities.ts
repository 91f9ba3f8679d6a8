/**
 * The Entity Manager side of a simulated fleet: a "Simulated sensor" type holding the parameters, a
 * "Simulated line" asset, and one sensor per gateway under it. Reruns reuse the type and the asset.
 */
import type { Entity, EntityBody, EntityType, EntityTypeBody } from '@ferrite/contracts';
import type { FerriteApi } from '../api';
import type { ParameterProfile } from '../parameters';
import { listAll, search } from './paging';

export const SENSOR_TYPE_NAME = 'Simulated sensor';
export const ASSET_TYPE_NAME = 'Simulated line';
export const ASSET_NAME = 'Simulated line';
const DESCRIPTION = 'Created by the Ferrite device simulator';

const typesPath = (orgId: string, kind: 'asset' | 'sensor') => `/entity_mgmt/orgs/${orgId}/${kind}_types`;
const entitiesPath = (orgId: string, projectId: string, kind: 'asset' | 'sensor') =>
  `/entity_mgmt/orgs/${orgId}/projects/${projectId}/${kind}s`;

async function findType(api: FerriteApi, orgId: string, kind: 'asset' | 'sensor', name: string) {
  const types = await listAll<EntityType>(api, `${typesPath(orgId, kind)}?${search(name)}`, 'types');
  return types.find((type) => type.name === name);
}

/** The sensor type, created or given the parameters it lacks (all numbers). */
export async function ensureSensorType(
  api: FerriteApi,
  orgId: string,
  profiles: readonly ParameterProfile[],
): Promise<EntityType> {
  const wanted = profiles.map((p) => ({ key: p.key, data_type: 'number' as const, unit: p.unit }));
  const existing = await findType(api, orgId, 'sensor', SENSOR_TYPE_NAME);
  if (!existing) {
    const body: EntityTypeBody = {
      name: SENSOR_TYPE_NAME,
      description: DESCRIPTION,
      parent_type_id: null,
      metadata_fields: [],
      properties: [],
      parameters: wanted,
    };
    return api.post<EntityType>(typesPath(orgId, 'sensor'), body);
  }
  const have = new Set(existing.effective.parameters.map((p) => p.key));
  const missing = wanted.filter((p) => !have.has(p.key));
  if (missing.length === 0) return existing;
  const body: EntityTypeBody = {
    name: existing.name,
    description: existing.description,
    parent_type_id: existing.parent_type?.id ?? null,
    metadata_fields: existing.metadata_fields,
    properties: existing.properties,
    parameters: [...existing.parameters, ...missing],
  };
  return api.put<EntityType>(`${typesPath(orgId, 'sensor')}/${existing.id}`, body);
}

/** The top-level "Simulated line" asset of the project (and its asset type), created when missing. */
export async function ensureAsset(api: FerriteApi, orgId: string, projectId: string): Promise<Entity> {
  const assets = await listAll<Entity>(
    api,
    `${entitiesPath(orgId, projectId, 'asset')}?${search(ASSET_NAME)}`,
    'entities',
  );
  const existing = assets.find((asset) => asset.name === ASSET_NAME && asset.parent_id === null);
  if (existing) return existing;
  const type =
    (await findType(api, orgId, 'asset', ASSET_TYPE_NAME)) ??
    (await api.post<EntityType>(typesPath(orgId, 'asset'), {
      name: ASSET_TYPE_NAME,
      description: DESCRIPTION,
    }));
  const body: Partial<EntityBody> = { name: ASSET_NAME, type_id: type.id, description: DESCRIPTION };
  return api.post<Entity>(entitiesPath(orgId, projectId, 'asset'), body);
}

/** The names of the sensors already under the asset. */
export async function sensorNames(api: FerriteApi, orgId: string, projectId: string, assetId: string) {
  const sensors = await listAll<Entity>(
    api,
    `${entitiesPath(orgId, projectId, 'sensor')}?parent_id=${assetId}`,
    'entities',
  );
  return sensors.map((sensor) => sensor.name);
}

/** A new sensor of the simulated type under the asset. */
export function createSensor(
  api: FerriteApi,
  orgId: string,
  projectId: string,
  assetId: string,
  typeId: string,
  name: string,
): Promise<Entity> {
  const body: Partial<EntityBody> = { name, type_id: typeId, parent_id: assetId, description: DESCRIPTION };
  return api.post<Entity>(entitiesPath(orgId, projectId, 'sensor'), body);
}
