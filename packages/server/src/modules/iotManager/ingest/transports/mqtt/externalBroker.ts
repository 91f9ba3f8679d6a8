/**
 * Ingest through an external broker (MQTT_URL, e.g. Mosquitto or EMQX): every Ferrite node joins the
 * MQTT 5 shared subscription `$share/ferrite/#`, so the broker splits device traffic across nodes.
 * Sessions are persistent (fixed client ids, clean start off, a session expiry): what arrives while a
 * node restarts waits in the broker. A QoS 1 message is acknowledged only once its data is durable.
 *
 * mqtt.js handles incoming packets one at a time and sends PUBACK when `customHandleAcks` calls back,
 * which would allow a single message in flight per connection. So the callback is answered at once
 * with a sentinel error (no PUBACK, next packet please) and PUBACK is sent by hand after the write:
 * many messages then share one database write. Several connections multiply the broker's in-flight
 * window (Mosquitto sends at most max_inflight_messages unacknowledged messages per client).
 * Device credentials live in the broker: with MQTT_DYNSEC_* set, brokerCredentials.ts keeps one Mosquitto
 * dynamic-security account per gateway; otherwise they are the broker's own business.
 */
import { hostname } from 'node:os';
import type { DeviceCommand } from '@ferrite/contracts';
import { MQTT_COMMANDS_SUFFIX } from '@ferrite/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { DeviceCommands } from '../../deviceCommands';
import type { CommandTarget, DeviceLinkHub } from '../../deviceLink';
import type { IngestService } from '../../ingestService';
import { routeGatewayMessage } from './messageRouter';
import { topicOwner } from './topics';

export interface ExternalBrokerOptions {
  url: string;
  /** Stable across restarts, so the broker keeps this node's sessions. */
  nodeId?: string;
  connections?: number;
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  deviceLink: DeviceLinkHub;
  log: Logger;
}

export interface RunningSubscriber {
  close(): Promise<void>;
}

export const SHARED_GROUP = 'ferrite';
const DEFERRED = new Error('ferrite: acknowledged after the write');
const SESSION_EXPIRY_S = 24 * 3600;

/** Connects the subscriber pool; resolves once every connection has subscribed. */
export async function startExternalSubscriber(options: ExternalBrokerOptions): Promise<RunningSubscriber> {
  const { ingest, deviceCommands, deviceLink, log } = options;
  const nodeId = options.nodeId ?? hostname();
  const count = options.connections ?? 4;
  const clients: MqttClient[] = [];

  const handle = async (
    client: MqttClient,
    topic: string,
    payload: Buffer,
    messageId: number | undefined,
    qos: number,
  ) => {
    let failed = false;
    try {
      const owner = await topicOwner(topic, (base) => ingest.directory.byTopic(base));
      if (owner === 'ambiguous') log.warn({ topic }, 'MQTT: a topic belongs to two gateways; dropped');
      else if (owner && !owner.gateway.archived)
        await routeGatewayMessage(ingest, deviceCommands, owner.gateway, owner.role, payload);
    } catch (error) {
      failed = true;
      log.error({ err: error }, 'MQTT: could not store a message; the broker will send it again');
    }
    if (qos === 0 || messageId === undefined) return;
    if (failed) {
      // Without PUBACK the broker redelivers only on a new connection: reconnect.
      client.end(true, {}, () => client.reconnect());
      return;
    }
    // biome-ignore lint/suspicious/noExplicitAny: see the header: PUBACK is sent by hand after the write
    (client as any)._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
  };

  for (let index = 0; index < count; index++) {
    const clientOptions: IClientOptions = {
      protocolVersion: 5,
      clientId: `ferrite-ingest-${nodeId}-${index}`,
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S, receiveMaximum: 1000 },
      reconnectPeriod: 1000,
      customHandleAcks: (topic, message, packet, done) => {
        done(DEFERRED);
        void handle(client, topic, message, packet.messageId, packet.qos);
      },
    };
    const client = mqtt.connect(options.url, clientOptions);
    client.on('error', (error) => {
      if (error !== DEFERRED) log.warn({ err: error }, 'MQTT: external broker connection error');
    });
    clients.push(client);
  }
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve, reject) => {
          client.once('connect', () =>
            client.subscribe(`$share/${SHARED_GROUP}/#`, { qos: 1 }, (error) =>
              error ? reject(error) : resolve(),
            ),
          );
          client.once('error', (error) => error !== DEFERRED && reject(error));
        }),
    ),
  );
  log.info(
    { url: redact(options.url), connections: count },
    'MQTT: reading devices through the external broker',
  );

  const publisher = clients[0] as MqttClient;
  deviceLink.setPusher(async (target: CommandTarget, command: DeviceCommand) => {
    // A blocked gateway's command topic may be another gateway's telemetry: nothing is published there.
    if ((await ingest.directory.byId(target.id))?.topicBlocked !== false) return false;
    return new Promise<boolean>((resolve, reject) =>
      publisher.publish(target.topic + MQTT_COMMANDS_SUFFIX, JSON.stringify(command), { qos: 1 }, (error) =>
        error ? reject(error) : resolve(true),
      ),
    );
  });
  return {
    close: async () => {
      deviceLink.setPusher(null);
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return 'mqtt://…';
  }
}
