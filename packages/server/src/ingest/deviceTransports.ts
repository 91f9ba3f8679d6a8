/**
 * Starts what devices talk to besides HTTP (which is part of the API app): the embedded MQTT broker,
 * or the external-broker subscriber when MQTT_URL is set, the CoAP server, and the status sweeper.
 */
import type { AppDeps } from '../platform/http/deps';
import { startStatusSweeper } from './statusSweeper';
import { startCoapTransport } from './transports/coap';
import { startEmbeddedBroker } from './transports/mqtt/embeddedBroker';
import { startExternalSubscriber } from './transports/mqtt/externalBroker';

export interface DeviceTransports {
  /** The embedded broker's port, or null when it is off (external broker, or port taken). */
  mqttPort: number | null;
  coapPort: number | null;
  /** Stops taking device traffic, then writes everything already accepted. */
  close(): Promise<void>;
}

/** Starts every device transport the configuration names. */
export async function startDeviceTransports(
  deps: AppDeps,
  sweepExtra?: (now: Date) => Promise<unknown>,
): Promise<DeviceTransports> {
  const { config, ingest, deviceCommands, deviceLink, log } = deps;
  const host = config.host;
  const closers: (() => Promise<void>)[] = [];
  let mqttPort: number | null = null;
  if (config.mqttUrl) {
    const subscriber = await startExternalSubscriber({
      url: config.mqttUrl,
      ...(config.nodeId ? { nodeId: config.nodeId } : {}),
      ingest,
      deviceCommands,
      deviceLink,
      log,
    });
    closers.push(subscriber.close);
  } else {
    const broker = await startEmbeddedBroker({
      port: config.mqttPort,
      host,
      ingest,
      deviceCommands,
      deviceLink,
      log,
    });
    if (broker) {
      mqttPort = broker.port;
      closers.push(broker.close);
    }
  }
  const coap = await startCoapTransport({ port: config.coapPort, host, ingest, deviceCommands, log });
  if (coap) closers.push(coap.close);
  const sweeper = startStatusSweeper(deps, sweepExtra);
  return {
    mqttPort,
    coapPort: coap?.port ?? null,
    close: async () => {
      sweeper.stop();
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await ingest.flush();
    },
  };
}
