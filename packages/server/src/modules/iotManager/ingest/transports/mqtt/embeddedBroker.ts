/**
 * The embedded MQTT broker (Aedes) on MQTT_PORT: a gateway connects with its client id, user name
 * and access token as password, publishes only on its own topics and subscribes only to its command
 * topic. A QoS 1 telemetry message is acknowledged (PUBACK) only once its points are durable: Aedes
 * sends PUBACK after authorizePublish calls back, and we call back after the write.
 */
import { createServer, type Server } from 'node:net';
import type { DeviceCommand } from '@ferrite/contracts';
import { MQTT_COMMANDS_SUFFIX } from '@ferrite/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import type { DeviceCommands } from '../../deviceCommands';
import type { CommandTarget, DeviceLinkHub } from '../../deviceLink';
import { type IngestGateway, tokenMatches } from '../../gatewayDirectory';
import { type IngestService, refusalMessage } from '../../ingestService';
import { type BrokerLimits, deviceConnectionHandler } from './deviceConnections';
import { routeGatewayMessage } from './messageRouter';
import { TOPIC_BLOCKED_MESSAGE, topicRole } from './topics';

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  deviceLink: DeviceLinkHub;
  log: Logger;
  limits: BrokerLimits;
}

export interface RunningBroker {
  port: number;
  close(): Promise<void>;
}

const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;

function refuse(message: string, code: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/** Starts Aedes on the port; null when the port is taken (another broker runs there). */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<RunningBroker | null> {
  const { ingest, deviceCommands, deviceLink, log } = options;
  /** Which gateway each connected client is, and the token hash it proved. */
  const sessions = new Map<Client, { gatewayId: string; orgId: string; tokenHash: string }>();
  /** Gateways whose client is subscribed to its command topic → that client. */
  const listening = new Map<string, Client>();

  const current = async (client: Client): Promise<IngestGateway | null> => {
    const session = sessions.get(client);
    if (!session) return null;
    const gateway = await ingest.directory.byId(session.gatewayId);
    // Rotated token or archived gateway: the connection made with the old credentials ends.
    if (!gateway || gateway.archived || gateway.tokenHash !== session.tokenHash) return null;
    return gateway;
  };

  // A blocked topic overlaps another gateway's tree (see modules/iotManager/gateways/topicTree.ts).
  const logBlocked = (gateway: IngestGateway) =>
    ingest.logLine(gateway, 'mqtt', 'error', 'error', TOPIC_BLOCKED_MESSAGE, null, 0);

  const broker = await Aedes.createBroker({
    // Aedes's own default is 30 s: long enough for idle sockets to pile up before anyone signed in.
    connectTimeout: options.limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      ingest.directory
        .byClientId(client.id)
        .then((gateway) => {
          if (
            !gateway ||
            gateway.username !== username ||
            !tokenMatches(gateway, password?.toString('utf8'))
          ) {
            return done(refuse(refusalMessage('token'), BAD_CREDENTIALS), false);
          }
          if (gateway.archived) return done(refuse(refusalMessage('archived'), NOT_AUTHORIZED), false);
          sessions.set(client, { gatewayId: gateway.id, orgId: gateway.orgId, tokenHash: gateway.tokenHash });
          ingest.presence.touch(gateway);
          ingest.logLine(gateway, 'mqtt', 'connect', 'info', `Connected over MQTT as ${client.id}`, null, 0);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'MQTT: authentication failed');
          done(refuse('Server unavailable', 3), false);
        });
    },
    authorizePublish: (client, packet, done) => {
      if (!client) return done(null); // the broker's own publications (commands)
      current(client)
        .then(async (gateway) => {
          if (!gateway) return done(new Error('Not authorized'));
          if (gateway.topicBlocked) {
            logBlocked(gateway);
            return done(new Error('Not authorized: this gateway must change its topic'));
          }
          const role = topicRole(gateway.topic, packet.topic);
          if (!role || role === 'commands') {
            ingest.logLine(
              gateway,
              'mqtt',
              'error',
              'error',
              `Refused a publish on "${packet.topic}": not this gateway's topic`,
              null,
              0,
            );
            return done(new Error('Not authorized to publish on this topic'));
          }
          await routeGatewayMessage(ingest, deviceCommands, gateway, role, packet.payload as Buffer);
          done(null);
        })
        .catch((error: unknown) => {
          // Not durable: no PUBACK; the client resends after reconnecting.
          log.error({ err: error }, 'MQTT: could not store a message');
          done(error as Error);
        });
    },
    authorizeSubscribe: (client, subscription, done) => {
      current(client)
        .then((gateway) => {
          if (!gateway || subscription.topic !== gateway.topic + MQTT_COMMANDS_SUFFIX)
            return done(null, null);
          if (gateway.topicBlocked) {
            logBlocked(gateway);
            return done(null, null);
          }
          listening.set(gateway.id, client);
          done(null, subscription);
          // Commands that waited while the gateway was away go out now that it listens.
          setImmediate(() => void deliverPending(gateway));
        })
        .catch(() => done(null, null));
    },
  });

  const publishCommand = (topic: string, command: DeviceCommand): Promise<void> =>
    new Promise((resolve, reject) =>
      broker.publish(
        {
          cmd: 'publish',
          topic: topic + MQTT_COMMANDS_SUFFIX,
          payload: Buffer.from(JSON.stringify(command)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );

  const deliverPending = async (gateway: IngestGateway) => {
    try {
      for (const command of await deviceCommands.takePending(gateway, 'mqtt'))
        await publishCommand(gateway.topic, command);
    } catch (error) {
      log.warn({ err: error }, 'MQTT: could not deliver pending commands');
    }
  };

  broker.on('clientDisconnect', (client) => {
    const session = sessions.get(client);
    sessions.delete(client);
    if (!session) return;
    if (listening.get(session.gatewayId) === client) listening.delete(session.gatewayId);
    ingest.logLine(
      { id: session.gatewayId, orgId: session.orgId },
      'mqtt',
      'connect',
      'info',
      'Disconnected',
      null,
      0,
    );
  });
  deviceLink.setPusher(async (target: CommandTarget, command: DeviceCommand) => {
    if (!listening.has(target.id)) return false;
    // Blocked since it subscribed: its command topic may be another gateway's telemetry now.
    if ((await ingest.directory.byId(target.id))?.topicBlocked !== false) return false;
    await publishCommand(target.topic, command);
    return true;
  });
  // A rotated token or an archive, on this node or another, ends the live connection now, not at the
  // next publish.
  const recheck = (only?: string) => {
    for (const [client, session] of sessions) {
      if (only !== undefined && session.gatewayId !== only) continue;
      void ingest.directory.byId(session.gatewayId).then((gateway) => {
        if (!gateway || gateway.archived || gateway.tokenHash !== session.tokenHash) client.close();
      });
    }
  };
  const stopListening = deviceLink.onGatewayChangedOnAnyNode({
    changed: (gatewayId) => recheck(gatewayId),
    missed: () => recheck(),
  });

  const server: Server = createServer(
    deviceConnectionHandler({
      limits: options.limits,
      log,
      handle: broker.handle,
      onRefused: (connection, refusal) => {
        // A signed-in gateway learns from its log why its connection ended.
        const client = (connection as unknown as { client?: Client }).client;
        const session = client && sessions.get(client);
        if (!session || refusal.reason !== 'oversized') return;
        ingest.logLine(
          { id: session.gatewayId, orgId: session.orgId },
          'mqtt',
          'error',
          'error',
          `Refused a ${refusal.packet} of ${refusal.announcedBytes} bytes: larger than MQTT_MAX_PACKET_BYTES (${refusal.limit}); the connection was closed`,
          null,
          0,
        );
      },
    }),
  );
  const port = await new Promise<number | null>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
  if (port === null) {
    log.warn(
      `MQTT port ${options.port} is in use (another broker?): the embedded broker is off. Set MQTT_PORT, or MQTT_URL to use that broker.`,
    );
    deviceLink.setPusher(null);
    stopListening();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return null;
  }
  log.info({ port }, 'MQTT broker listening');
  return {
    port,
    close: async () => {
      deviceLink.setPusher(null);
      stopListening();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
