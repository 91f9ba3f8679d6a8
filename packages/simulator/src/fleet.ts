/**
 * Publishing: given gateways (uuid, topic, client id, user name, token), connect each over the chosen
 * protocol and send readings at a steady rate until stopped. No API calls: see provision.ts for those.
 */
import { SimulatedDevice } from './device';
import type { SimulatedGateway, SimulatorProtocol } from './gateway';
import { parameterProfiles } from './parameters';
import { type Counters, emptyCounters, type FleetStats } from './stats';
import { CONNECTORS } from './transports/index';
import type { Endpoints } from './transports/types';
import { ReadingGenerator } from './values';

export const DEFAULT_ENDPOINTS: Endpoints = {
  url: 'http://localhost:8080',
  mqttUrl: 'mqtt://localhost:1883',
  coapUrl: 'coap://localhost:5683',
};

export interface FleetOptions extends Partial<Endpoints> {
  gateways: readonly SimulatedGateway[];
  protocol: SimulatorProtocol;
  /** Readings per second, per gateway (the fleet sends `rate × gateways` readings a second). */
  rate: number;
  /** Readings per message (default 1: a JSON object; more: an array). */
  batch?: number;
  /** Parameters per reading, the first N of the catalogue (default 4). */
  params?: number;
  /** Same seed, same values (default 'ferrite'). */
  seed?: string | number;
  /** Stops by itself after this long; otherwise runs until `stop()`. */
  durationMs?: number;
  heartbeatMs?: number;
  /** How often HTTP and CoAP gateways poll for commands. */
  pollMs?: number;
  /** How long a simulated firmware install takes. */
  installMs?: number;
  /** Messages one gateway may have unconfirmed before its readings count as dropped. */
  maxInFlight?: number;
  onError?: (error: Error, gateway: SimulatedGateway) => void;
}

export interface RunningFleet {
  /** Sends the last partial batches, waits briefly for what is in flight, disconnects; answers the totals. */
  stop(): Promise<FleetStats>;
  stats(): FleetStats;
  /** Settles with the totals once the fleet stopped (by `stop()` or `durationMs`). */
  done: Promise<FleetStats>;
}

const TICK_MS = 50;
const CONNECT_CONCURRENCY = 20;
const STOP_GRACE_MS = 5_000;

/** Connects every gateway and starts publishing; rejects (nothing left running) when one cannot connect. */
export async function runFleet(options: FleetOptions): Promise<RunningFleet> {
  const rate = options.rate;
  if (!(rate > 0)) throw new RangeError('rate must be above 0 readings per second');
  if (options.gateways.length === 0) throw new RangeError('a fleet needs at least one gateway');
  const batch = options.batch ?? 1;
  const profiles = parameterProfiles(options.params ?? 4);
  const seed = options.seed ?? 'ferrite';
  const endpoints: Endpoints = {
    url: options.url ?? DEFAULT_ENDPOINTS.url,
    mqttUrl: options.mqttUrl ?? DEFAULT_ENDPOINTS.mqttUrl,
    coapUrl: options.coapUrl ?? DEFAULT_ENDPOINTS.coapUrl,
  };
  const connect = CONNECTORS[options.protocol];
  const counters: Counters = emptyCounters();
  const count = options.gateways.length;

  const devices: SimulatedDevice[] = [];
  const reporterOf = (gateway: SimulatedGateway) => (error: Error) => {
    counters.errors++;
    counters.lastError = `${gateway.name}: ${error.message}`;
    options.onError?.(error, gateway);
  };
  try {
    for (let from = 0; from < count; from += CONNECT_CONCURRENCY) {
      const slice = options.gateways.slice(from, from + CONNECT_CONCURRENCY);
      await Promise.all(
        slice.map(async (gateway, offset) => {
          const index = from + offset;
          const reportError = reporterOf(gateway);
          let device: SimulatedDevice | undefined;
          // A broker may hand over pending commands as soon as the subscription is in place.
          const early: unknown[] = [];
          const connection = await connect(gateway, endpoints, {
            onCommand: (payload) => (device ? device.receive(payload) : early.push(payload)),
            onError: reportError,
          }).catch((error: Error) => {
            throw new Error(`${gateway.name}: ${error.message}`);
          });
          const own = gateway.profiles ?? profiles;
          device = new SimulatedDevice(
            gateway,
            connection,
            new ReadingGenerator(own, seed, gateway.valueKey ?? index),
            own.length,
            {
              rate: gateway.rate ?? rate,
              batch: gateway.batch ?? batch,
              heartbeatMs: options.heartbeatMs ?? 10_000,
              pollMs: options.pollMs ?? 5_000,
              maxInFlight: options.maxInFlight ?? 16,
              installMs: options.installMs ?? 2_000,
              baseUrl: endpoints.url,
            },
            counters,
            reportError,
          );
          devices[index] = device;
          for (const payload of early) device.receive(payload);
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(devices.filter(Boolean).map((device) => device.stop(0)));
    throw error;
  }

  // Spread the gateways over one message period (at most a second) so they do not send in step.
  // Elapsed time and rates count from here, not from the (possibly slow) connecting.
  const firstAt = Date.now();
  const spreadMs = Math.min(1_000, (batch * 1_000) / rate);
  devices.forEach((device, index) => {
    device.start(firstAt + Math.floor((index * spreadMs) / count));
  });
  const timer = setInterval(() => {
    const now = Date.now();
    for (const device of devices) device.tick(now);
  }, TICK_MS);

  let stoppedAt: number | null = null;
  // Rates are over the publishing time: the grace period for messages in flight does not count.
  const stats = (): FleetStats => ({
    gateways: count,
    ...counters,
    elapsedMs: (stoppedAt ?? Date.now()) - firstAt,
  });
  let durationTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<FleetStats> | null = null;
  let settle: (stats: FleetStats) => void = () => {};
  const done = new Promise<FleetStats>((resolve) => {
    settle = resolve;
  });
  const stop = (): Promise<FleetStats> => {
    stopping ??= (async () => {
      stoppedAt = Date.now();
      clearInterval(timer);
      clearTimeout(durationTimer);
      await Promise.all(devices.map((device) => device.stop(STOP_GRACE_MS)));
      const totals = stats();
      settle(totals);
      return totals;
    })();
    return stopping;
  };
  if (options.durationMs !== undefined) durationTimer = setTimeout(stop, options.durationMs);
  return { stop, stats, done };
}
