/**
 * bench:streamlogic's chains: the five-node chain of the issue (source → filter → formula → 1-second
 * tumbling average → virtual sensor) over the whole fleet, and the same chain over the latency probe's
 * sensor alone, each writing to a virtual sensor of its own; switched on and off between rounds.
 */
import type { ChainConnection, ChainNode, Entity, EntityType, Pipeline } from '@ferrite/contracts';
import type { FerriteApi } from '../packages/simulator/src/index';

/** The chain's parameter on its virtual sensor. */
export const DERIVED_PARAM = 'derived';

const at = (column: number) => ({ x: 40 + column * 260, y: 80 });

/** The five nodes: every reading of `scope`, kept if plausible, scaled, averaged over 1 s, stored. */
function fiveNodeChain(scope: object, virtualSensorId: string, groupBy: 'chain' | 'sensor') {
  const actions: ChainNode[] = [
    {
      id: 'source',
      type: 'sensor_telemetry',
      name: 'Fleet readings',
      position: at(0),
      config: { scope, param_keys: [] },
    },
    {
      id: 'plausible',
      type: 'filter',
      name: 'Plausible',
      position: at(1),
      config: { expression: 'value > -1000000.0' },
    },
    {
      id: 'scale',
      type: 'formula',
      name: 'Scale',
      position: at(2),
      config: { mode: 'linear', m: 1.8, c: 32 },
    },
    {
      id: 'average',
      type: 'window',
      name: '1-second average',
      position: at(3),
      config: { mode: 'tumbling', size_s: 1, aggregate: 'avg', group_by: groupBy },
    },
    {
      id: 'store',
      type: 'virtual_sensor',
      name: 'Virtual sensor',
      position: at(4),
      config: { sensor_id: virtualSensorId, param_key: DERIVED_PARAM },
    },
  ];
  const ids = ['source', 'plausible', 'scale', 'average', 'store'];
  const connections: ChainConnection[] = ids.slice(1).map((target, index) => ({
    id: `c${index}`,
    source: ids[index] as string,
    source_output: index === 1 ? 'pass' : 'out',
    target,
    target_input: 'in',
  }));
  return { actions, connections };
}

export interface BenchChain {
  id: string;
  revision: number;
}

/** A virtual sensor (of a type with the derived parameter) at the project's root. */
export async function virtualSensor(api: FerriteApi, orgId: string, projectId: string, name: string) {
  const em = `/entity_mgmt/orgs/${orgId}`;
  const type = await api.post<EntityType>(`${em}/sensor_types`, {
    name: `${name} type`,
    parameters: [{ key: DERIVED_PARAM, data_type: 'number', unit: '' }],
  });
  return api.post<Entity>(`${em}/projects/${projectId}/sensors`, { name, type_id: type.id });
}

/** Creates the chain (disabled) through the API. */
export async function createChain(
  api: FerriteApi,
  projectId: string,
  name: string,
  scope: object,
  virtualSensorId: string,
  groupBy: 'chain' | 'sensor',
): Promise<BenchChain> {
  const chain = await api.post<Pipeline>(`/stream_process/${projectId}/pipelines`, {
    name,
    enabled: false,
    ...fiveNodeChain(scope, virtualSensorId, groupBy),
  });
  return { id: chain.id, revision: chain.revision };
}

/** Switches a chain on or off (a PATCH at its revision); every node's runtime swaps it at once. */
export async function switchChain(api: FerriteApi, projectId: string, chain: BenchChain, enabled: boolean) {
  const updated = await api.request<Pipeline>('PATCH', `/stream_process/${projectId}/pipelines/${chain.id}`, {
    revision: chain.revision,
    enabled,
  });
  chain.revision = updated.revision;
}
