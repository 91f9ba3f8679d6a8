/**
 * The embedded broker's front door: a new TCP connection is counted against the connection limits,
 * then wrapped in the packet guard, and only then handed to Aedes. Whatever is refused here is
 * refused before its bytes are read.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { ConnectionLimits } from './connectionLimits';
import { GuardedSocket, MAX_CONNECT_BYTES, type PacketRefusal } from './packetGuard';

export interface BrokerLimits {
  /** MQTT_MAX_PACKET_BYTES: the largest remaining length of a packet. */
  maxPacketBytes: number;
  /** MQTT_CONNECT_TIMEOUT_MS: how long a connection may take to complete CONNECT. */
  connectTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
}

export interface DeviceConnectionOptions {
  limits: BrokerLimits;
  log: Logger;
  /** Aedes's broker.handle. */
  handle: (connection: Duplex) => unknown;
  /** Told of each packet refusal, with the guarded connection (Aedes's client is on `.client`). */
  onRefused: (connection: GuardedSocket, refusal: PacketRefusal) => void;
}

/** The net server's connection listener for the embedded broker. */
export function deviceConnectionHandler(options: DeviceConnectionOptions): (socket: Socket) => void {
  const { limits, log } = options;
  const counts = new ConnectionLimits({
    maxConnections: limits.maxConnections,
    maxPerAddress: limits.maxConnectionsPerAddress,
  });
  const packetLimits = {
    maxPacketBytes: limits.maxPacketBytes,
    maxConnectBytes: Math.min(MAX_CONNECT_BYTES, limits.maxPacketBytes),
  };
  return (socket) => {
    const refusal = counts.admit(socket);
    if (refusal) {
      log.warn(
        { address: socket.remoteAddress, open: counts.open },
        refusal === 'total'
          ? 'MQTT: connection refused, MQTT_MAX_CONNECTIONS reached'
          : 'MQTT: connection refused, MQTT_MAX_CONNECTIONS_PER_ADDRESS reached for this address',
      );
      socket.destroy();
      return;
    }
    options.handle(
      new GuardedSocket(socket, packetLimits, (connection, packetRefusal) => {
        log.warn(
          { address: socket.remoteAddress, ...packetRefusal },
          'MQTT: connection closed by the packet guard',
        );
        options.onRefused(connection, packetRefusal);
      }),
    );
  };
}
