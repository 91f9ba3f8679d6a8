/**
 * Stands between a device's TCP socket and Aedes. mqtt-packet, Aedes's parser, keeps every byte of a
 * packet until the whole of it has arrived, so a CONNECT announcing 200 MB is held in memory before
 * anyone knows who sent it. The guard reads only each packet's fixed header (type and remaining
 * length) as bytes pass, and closes the socket the moment a header announces more than the limit,
 * or when the first packet is not a CONNECT: the body of a refused packet is never read.
 */
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

export interface PacketLimits {
  /** The largest remaining length (everything after the fixed header) of any packet. */
  maxPacketBytes: number;
  /** The largest remaining length of the CONNECT, which arrives before the device proved anything. */
  maxConnectBytes: number;
}

/** Why the guard closed a connection. */
export type PacketRefusal =
  | { reason: 'oversized'; packet: string; announcedBytes: number; limit: number }
  | { reason: 'not-connect'; packet: string }
  | { reason: 'malformed' };

/** A CONNECT names a client id, user name, password and at most a small will: 64 KB is plenty. */
export const MAX_CONNECT_BYTES = 64 * 1024;

const CONNECT = 1;
const PACKET_NAMES = [
  'reserved',
  'CONNECT',
  'CONNACK',
  'PUBLISH',
  'PUBACK',
  'PUBREC',
  'PUBREL',
  'PUBCOMP',
  'SUBSCRIBE',
  'SUBACK',
  'UNSUBSCRIBE',
  'UNSUBACK',
  'PINGREQ',
  'PINGRESP',
  'DISCONNECT',
  'AUTH',
];
/** The remaining length is at most four bytes of seven bits (MQTT 3.1.1 §2.2.3). */
const MAX_MULTIPLIER = 128 ** 3;

/** Follows packet boundaries through a byte stream, header by header, without keeping bodies. */
export class PacketScanner {
  private bodyLeft = 0;
  private type = -1;
  private length = 0;
  private multiplier = 1;
  private packets = 0;

  constructor(private readonly limits: PacketLimits) {}

  /** Takes the next bytes of the stream; answers why it must be closed, or null. */
  scan(chunk: Uint8Array): PacketRefusal | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const skipped = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= skipped;
        at += skipped;
        continue;
      }
      const byte = chunk[at++] as number;
      if (this.type === -1) {
        this.type = byte >> 4;
        if (this.packets === 0 && this.type !== CONNECT) {
          return { reason: 'not-connect', packet: PACKET_NAMES[this.type] as string };
        }
        this.length = 0;
        this.multiplier = 1;
        continue;
      }
      this.length += (byte & 0x7f) * this.multiplier;
      if (byte & 0x80) {
        if (this.multiplier === MAX_MULTIPLIER) return { reason: 'malformed' };
        this.multiplier *= 128;
        continue;
      }
      const limit = this.packets === 0 ? this.limits.maxConnectBytes : this.limits.maxPacketBytes;
      if (this.length > limit) {
        return {
          reason: 'oversized',
          packet: PACKET_NAMES[this.type] as string,
          announcedBytes: this.length,
          limit,
        };
      }
      this.bodyLeft = this.length;
      this.type = -1;
      this.packets++;
    }
    return null;
  }
}

/**
 * The socket as Aedes sees it: bytes pass through unchanged once the scanner has seen their headers,
 * writes go straight to the socket, and closing either closes both.
 */
export class GuardedSocket extends Duplex {
  private readonly scanner: PacketScanner;

  constructor(
    readonly socket: Socket,
    limits: PacketLimits,
    onRefused: (connection: GuardedSocket, refusal: PacketRefusal) => void,
  ) {
    super({ allowHalfOpen: false });
    this.scanner = new PacketScanner(limits);
    socket.on('data', (chunk: Buffer) => {
      const refusal = this.scanner.scan(chunk);
      if (refusal) {
        onRefused(this, refusal);
        socket.destroy();
        this.destroy();
        return;
      }
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.socket.write(chunk)) callback();
    else this.socket.once('drain', () => callback());
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    // Aedes corks around a packet's pieces: they leave in one segment, as they would from the socket.
    this.socket.cork();
    let flushed = true;
    for (const { chunk } of chunks) flushed = this.socket.write(chunk);
    this.socket.uncork();
    if (flushed) callback();
    else this.socket.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}
