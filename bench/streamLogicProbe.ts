/**
 * bench:streamlogic's latency probe: a HTTPS gateway feeding one probe sensor, whose own five-node
 * chain writes a virtual sensor. Each probe posts a reading of now and times, from the ingest's answer
 * (the reading is durable) and from the moment its 1-second window is due, until the window's average
 * is stored on the virtual sensor.
 */
import type { Entity, GatewayWithToken } from '@ferrite/contracts';
import { sql } from 'kysely';
import { WINDOW_GRACE_MS } from '../packages/server/src/modules/streamLogic/nodes/window';
import type { FerriteApi } from '../packages/simulator/src/index';
import type { BenchServer } from './ingestSetup';
import { DERIVED_PARAM } from './streamLogicChains';

// One of the fleet type's parameters.
const PROBE_PARAM = 'temperature';
const TIMEOUT_MS = 10_000;

export interface StreamProbe {
  sensorId: string;
  virtualSensorId: string;
  gatewayUuid: string;
  token: string;
}

/** The probe sensor (of the fleet's type, at the project's root) and its HTTPS gateway with a mapping. */
export async function provisionStreamProbe(
  api: FerriteApi,
  orgId: string,
  projectId: string,
  typeId: string,
  virtualSensorId: string,
): Promise<StreamProbe> {
  const sensor = await api.post<Entity>(`/entity_mgmt/orgs/${orgId}/projects/${projectId}/sensors`, {
    name: 'Bench chain probe',
    type_id: typeId,
  });
  const created = await api.post<GatewayWithToken>(`/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways`, {
    name: 'Bench chain probe gateway',
    type: 'HTTPS',
    protocol: 'HTTP',
    heartbeat_timeout_s: 300,
    timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
  });
  await api.post(`/iot_mgmt/orgs/${orgId}/gateways/${created.gateway.uuid}/mappings`, {
    json_path: 'v',
    sensor_id: sensor.id,
    param_key: PROBE_PARAM,
  });
  return {
    sensorId: sensor.id,
    virtualSensorId,
    gatewayUuid: created.gateway.uuid,
    token: created.access_token,
  };
}

/** Whether the virtual sensor holds a value at `ts`. */
async function derivedAt(server: BenchServer, sensorId: string, ts: number): Promise<boolean> {
  const result = await sql<{ n: number }>`
    select 1 as n from telemetry where sensor_id = ${sensorId}::uuid and param_key = ${DERIVED_PARAM}
      and ts = ${new Date(ts)} limit 1`.execute(server.platform.deps.db);
  return result.rows.length > 0;
}

/** One probe: from the reading's durable answer, and from its window's due time, until the average was stored. */
export interface ChainProbeSample {
  durableToStoredMs: number;
  dueToStoredMs: number;
}

/**
 * Probes until `stopped()`. A window's average cannot exist before the window ends and its grace for
 * readings in flight (WINDOW_GRACE_MS) passes: `dueToStoredMs` is the chain's own latency from then.
 */
export async function probeChainLatency(
  server: BenchServer,
  target: StreamProbe,
  stopped: () => boolean,
): Promise<ChainProbeSample[]> {
  const samples: ChainProbeSample[] = [];
  while (!stopped()) {
    const ts = Date.now();
    const windowEnd = Math.floor(ts / 1000) * 1000 + 1000;
    const response = await fetch(`${server.url}/api/ingest/${target.gatewayUuid}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts, v: 20 + Math.random() }),
    });
    if (!response.ok)
      throw new Error(`The probe's reading was refused: ${response.status} ${await response.text()}`);
    const durable = Date.now();
    let stored = Number.POSITIVE_INFINITY;
    while (Date.now() - durable < TIMEOUT_MS) {
      if (await derivedAt(server, target.virtualSensorId, windowEnd)) {
        stored = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    samples.push({
      durableToStoredMs: stored - durable,
      dueToStoredMs: stored - Math.max(durable, windowEnd + WINDOW_GRACE_MS),
    });
    // The next probe in a window of its own.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
  }
  return samples;
}
