/**
 * Starts what devices talk to besides HTTP (which is part of the API app): the embedded MQTT broker,
 * or the external-broker subscriber when MQTT_URL is set (with the gateways' broker accounts when
 * MQTT_DYNSEC_* is set too), and the CoAP server. (The status sweep is a job: gateways/statusSweepJob.ts.)
 */
import { warnOfTopicOverlaps } from '../gateways/topicTree';
import type { DeviceDeps } from './deviceServices';
import { startCoapTransport } from './transports/coap';
import { startBrokerCredentials } from './transports/mqtt/brokerCredentials';
import { startEmbeddedBroker } from './transports/mqtt/embeddedBroker';
import { startExternalSubscriber } from './transports/mqtt/externalBroker';

export interface DeviceTransports {
  /** The embedded broker's port, or null when it is off (external broker, or port taken). */
  mqttPort: number | null;
  coapPort: number | null;
  /** With MQTT_URL: whether the external broker answers (the subscriber's own sessions); else null. */
  brokerConnected: (() => boolean) | null;
  /**
   * Stops taking MQTT and CoAP traffic (the node's MQTT share goes to the others); ingest still takes
   * what HTTP devices send until `close`, so their requests in flight at a stop finish.
   */
  stopListening(): Promise<void>;
  /** Stops taking device traffic (if not yet), then writes everything already accepted. */
  close(): Promise<void>;
}

/** Starts every device transport the configuration names. */
export async function startDeviceTransports(deps: DeviceDeps): Promise<DeviceTransports> {
  const { config, ingest, deviceCommands, deviceLink, log } = deps;
  const host = config.host;
  // Devices are let in once their data can be written: a first batch waiting for the writer thread to
  // load would take every message that arrived meanwhile.
  await ingest.warmUp();
  await warnOfTopicOverlaps(deps.db, log);
  const closers: (() => Promise<void>)[] = [];
  let mqttPort: number | null = null;
  let brokerConnected: DeviceTransports['brokerConnected'] = null;
  let coap: Awaited<ReturnType<typeof startCoapTransport>> = null;
  try {
    if (config.mqttUrl) {
      if (config.mqttDynsec) {
        // A refused admin login stops start-up: MQTT_DYNSEC_USERNAME / MQTT_DYNSEC_PASSWORD are wrong.
        const credentials = await startBrokerCredentials({
          url: config.mqttUrl,
          ...config.mqttDynsec,
          ...(config.nodeId ? { nodeId: config.nodeId } : {}),
          db: deps.db,
          ingest,
          deviceLink,
          log,
          jobs: deps.jobs,
        });
        closers.push(credentials.close);
      }
      const subscriber = await startExternalSubscriber({
        url: config.mqttUrl,
        ...(config.nodeId ? { nodeId: config.nodeId } : {}),
        shareGroup: config.mqttShareGroup,
        db: deps.db,
        ingest,
        deviceCommands,
        deviceLink,
        log,
      });
      // Its share handed over (or kept for the restart when this is the last node) before ingest stops.
      closers.push(async () => void (await subscriber.close()));
      brokerConnected = subscriber.connected;
    } else {
      const broker = await startEmbeddedBroker({
        port: config.mqttPort,
        host,
        ingest,
        deviceCommands,
        deviceLink,
        log,
        limits: {
          maxPacketBytes: config.mqttMaxPacketBytes,
          connectTimeoutMs: config.mqttConnectTimeoutMs,
          maxConnections: config.mqttMaxConnections,
          maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
        },
      });
      if (broker) {
        mqttPort = broker.port;
        closers.push(broker.close);
      }
    }
    coap = await startCoapTransport({
      port: config.coapPort,
      host,
      ingest,
      deviceCommands,
      log,
      limits: { maxPayloadBytes: config.coapMaxPayloadBytes, bufferBytes: config.coapBlockBufferBytes },
    });
    if (coap) closers.push(coap.close);
  } catch (error) {
    // A failed start leaves nothing running.
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
  let listening: Promise<void> | null = null;
  const stopListening = () => {
    listening ??= (async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    })();
    return listening;
  };
  return {
    mqttPort,
    coapPort: coap?.port ?? null,
    brokerConnected,
    stopListening,
    close: async () => {
      await stopListening();
      await ingest.stop();
    },
  };
}
