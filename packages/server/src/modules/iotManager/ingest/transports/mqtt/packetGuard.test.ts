import { describe, expect, it } from 'vitest';
import { PacketScanner } from './packetGuard';

const LIMITS = { maxPacketBytes: 1_000, maxConnectBytes: 100 };

/** A packet of the type with `length` body bytes. */
function packet(type: number, length: number): Buffer {
  const header = [type << 4];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 128;
    header.push(byte);
  } while (rest > 0);
  return Buffer.concat([Buffer.from(header), Buffer.alloc(length, 7)]);
}

/** Feeds the stream to a fresh scanner in pieces of `piece` bytes; answers the first refusal. */
function scanInPieces(stream: Buffer, piece: number) {
  const scanner = new PacketScanner(LIMITS);
  for (let at = 0; at < stream.length; at += piece) {
    const refusal = scanner.scan(stream.subarray(at, at + piece));
    if (refusal) return refusal;
  }
  return null;
}

describe('the MQTT packet guard', () => {
  it('lets a session of packets within the limits through, however the bytes are cut', () => {
    const session = Buffer.concat([
      packet(1, 60),
      packet(3, 1_000),
      packet(12, 0),
      packet(3, 200),
      packet(14, 0),
    ]);
    for (const piece of [1, 2, 3, 7, 64, session.length]) expect(scanInPieces(session, piece)).toBeNull();
  });

  it('refuses a CONNECT over its own limit and a later packet over the packet limit, from the header alone', () => {
    expect(scanInPieces(packet(1, 101).subarray(0, 3), 1)).toEqual({
      reason: 'oversized',
      packet: 'CONNECT',
      announcedBytes: 101,
      limit: 100,
    });
    const header = packet(3, 200 * 1024 * 1024).subarray(0, 5);
    expect(scanInPieces(Buffer.concat([packet(1, 10), header]), 1)).toEqual({
      reason: 'oversized',
      packet: 'PUBLISH',
      announcedBytes: 200 * 1024 * 1024,
      limit: 1_000,
    });
  });

  it('refuses a first packet that is not a CONNECT, and a remaining length of five bytes', () => {
    expect(scanInPieces(packet(3, 10), 64)).toEqual({ reason: 'not-connect', packet: 'PUBLISH' });
    expect(scanInPieces(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x80, 0x01]), 1)).toEqual({
      reason: 'malformed',
    });
  });
});
