/**
 * What the benchmarks that run bench:ingest's fleet load in rounds share (bench:alerts,
 * bench:streamlogic): settings read from the environment, the medians and percentiles they report, and
 * one round of the fleet's load timed until every point is stored.
 */
import type { BenchFleet, BenchServer } from './ingestSetup';
import { type LoadThread, rollupCount, startLoad } from './loadThreads';

/** A number setting from the environment (≥ 0), or its default. */
export const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};

/** The fleet's shape and load: gateways × sensors × parameters, readings per message, points a round. */
export interface FleetLoad {
  gateways: number;
  sensors: number;
  params: number;
  readings: number;
  points: number;
  rounds: number;
  inflight: number;
}

/** The demo plant's size (9 gateways, ~40 sensors of 2-3 parameters), here 8 × 5 sensors × 8 parameters; ENV overrides. */
export function fleetLoadFromEnv(defaults: { points: number }): FleetLoad {
  return {
    gateways: envNumber('GATEWAYS', 8),
    sensors: envNumber('SENSORS', 5),
    params: envNumber('PARAMS', 8),
    readings: envNumber('READINGS', 50),
    points: envNumber('POINTS', defaults.points),
    rounds: Math.max(1, envNumber('ROUNDS', 3)),
    inflight: envNumber('INFLIGHT', 2),
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
export const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? Number.NaN;
};

const now = () => performance.timeOrigin + performance.now();

/** Messages per gateway a round takes. */
export function roundMessages(load: FleetLoad): number {
  const perMessage = load.readings * load.sensors * load.params;
  return Math.max(1, Math.ceil(load.points / (perMessage * load.gateways)));
}

/** One round of the fleet's load (`t0` its first reading's time): points per second until all are stored. */
export async function publishRound(
  server: BenchServer,
  fleet: BenchFleet,
  publisher: LoadThread,
  load: FleetLoad,
  t0: number,
) {
  const sensorIds = fleet.gateways.flatMap((gateway) => gateway.sensorIds);
  const perMessage = load.readings * load.sensors * load.params;
  const messages = roundMessages(load);
  const expected = messages * perMessage * load.gateways;
  const before = await rollupCount(server, sensorIds);
  await publisher.request(
    { type: 'plan', params: fleet.params, messages, readings: load.readings, intervalMs: 1_000, t0 },
    'ready',
  );
  const started = now();
  await publisher.request({ type: 'go' }, 'done');
  while ((await rollupCount(server, sensorIds)) - before < expected)
    await new Promise((r) => setTimeout(r, 20));
  return {
    points: expected,
    rate: expected / ((now() - started) / 1000),
    spanMs: messages * load.readings * 1_000,
  };
}

/** A load thread publishing as every gateway of the fleet over MQTT, connected. */
export function startFleetPublisher(
  server: BenchServer,
  fleet: BenchFleet,
  inflight: number,
): Promise<LoadThread> {
  return startLoad(
    {
      role: 'publish',
      mqttUrl: server.mqttUrl,
      clients: fleet.gateways.map((gateway) => ({
        clientId: gateway.clientId,
        username: gateway.username,
        password: gateway.token,
        topic: gateway.topic,
        sensors: gateway.sensorFields,
      })),
      inflight,
    },
    'connected',
  );
}
