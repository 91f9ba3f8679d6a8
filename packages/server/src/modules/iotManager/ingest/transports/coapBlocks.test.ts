import { describe, expect, it } from 'vitest';
import { type Block1, BlockAssembler, encodeBlock1, parseBlock1 } from './coapBlocks';

const LIMITS = { maxPayloadBytes: 4_096, bufferBytes: 8_192, expiryMs: 60_000 };

function block(num: number, more: boolean, size = 1_024): Block1 {
  return { num, more, size };
}

function bytes(length: number, fill: number): Buffer {
  return Buffer.alloc(length, fill);
}

describe('Block1 options', () => {
  it('reads back what it writes, for block numbers of one, two and three bytes', () => {
    for (const num of [0, 15, 16, 4_095, 4_096, 1_048_575]) {
      for (const size of [16, 512, 1_024]) {
        const written = block(num, num % 2 === 0, size);
        expect(parseBlock1(encodeBlock1(written))).toEqual(written);
      }
    }
  });

  it('refuses the reserved size exponent and values longer than three bytes', () => {
    expect(parseBlock1(Buffer.from([0x07]))).toBeNull();
    expect(parseBlock1(Buffer.from([0, 0, 0, 0x06]))).toBeNull();
  });
});

describe('putting block-wise uploads together', () => {
  it('answers each block but the last with continue, and the last with the whole payload', () => {
    const blocks = new BlockAssembler(LIMITS);
    expect(blocks.take('a', block(0, true), bytes(1_024, 1), null)).toEqual({ kind: 'continue' });
    expect(blocks.take('a', block(1, true), bytes(1_024, 2), null)).toEqual({ kind: 'continue' });
    const last = blocks.take('a', block(2, false), bytes(10, 3), null);
    expect(last).toEqual({
      kind: 'complete',
      payload: Buffer.concat([bytes(1_024, 1), bytes(1_024, 2), bytes(10, 3)]),
    });
    expect(blocks.heldBytes).toBe(0);
    expect(blocks.pending).toBe(0);
  });

  it('does not continue a transfer from another endpoint or with other credentials', () => {
    const blocks = new BlockAssembler(LIMITS);
    blocks.take('10.0.0.1|5683|POST|/ingest/x?token=a', block(0, true), bytes(1_024, 1), null);
    expect(blocks.take('10.0.0.2|5683|POST|/ingest/x?token=a', block(1, false), bytes(5, 2), null)).toEqual({
      kind: 'incomplete',
    });
    expect(blocks.take('10.0.0.1|5683|POST|/ingest/x?token=b', block(1, false), bytes(5, 2), null)).toEqual({
      kind: 'incomplete',
    });
  });

  it('drops a transfer whose blocks skip ahead, and answers a block sent again without keeping it twice', () => {
    const blocks = new BlockAssembler(LIMITS);
    blocks.take('a', block(0, true), bytes(1_024, 1), null);
    expect(blocks.take('a', block(1, true), bytes(1_024, 2), null)).toEqual({ kind: 'continue' });
    const held = blocks.heldBytes;
    expect(blocks.take('a', block(1, true), bytes(1_024, 2), null)).toEqual({ kind: 'continue' });
    expect(blocks.heldBytes).toBe(held);
    expect(blocks.take('a', block(3, true), bytes(1_024, 4), null)).toEqual({ kind: 'incomplete' });
    expect(blocks.heldBytes).toBe(0);
  });

  it('refuses a transfer over the payload limit, at once when Size1 announces it, and keeps nothing', () => {
    const blocks = new BlockAssembler(LIMITS);
    expect(blocks.take('a', block(0, true), bytes(1_024, 1), 5_000)).toEqual({ kind: 'too-large' });
    expect(blocks.heldBytes).toBe(0);
    for (let num = 0; num < 4; num++) blocks.take('b', block(num, true), bytes(1_024, num), null);
    expect(blocks.take('b', block(4, false), bytes(1, 9), null)).toEqual({ kind: 'too-large' });
    expect(blocks.heldBytes).toBe(0);
    // A lone block far out cannot make the server reserve room for the blocks before it.
    expect(blocks.take('c', block(1_000_000, false), bytes(10, 1), null)).toEqual({ kind: 'too-large' });
  });

  it('refuses a non-final block of the wrong size', () => {
    const blocks = new BlockAssembler(LIMITS);
    expect(blocks.take('a', block(0, true), bytes(100, 1), null)).toMatchObject({ kind: 'invalid' });
  });

  it('answers busy once unfinished transfers together would hold more than the budget', () => {
    const blocks = new BlockAssembler(LIMITS);
    for (let num = 0; num < 3; num++) blocks.take('a', block(num, true), bytes(1_024, 1), null);
    for (let num = 0; num < 3; num++) blocks.take('b', block(num, true), bytes(1_024, 1), null);
    expect(blocks.take('c', block(0, true), bytes(1_024, 1), null)).toEqual({ kind: 'busy' });
    expect(blocks.heldBytes).toBeLessThanOrEqual(LIMITS.bufferBytes);
    // Finishing one gives its room back.
    expect(blocks.take('a', block(3, false), bytes(1, 1), null)).toMatchObject({ kind: 'complete' });
    expect(blocks.take('c', block(0, true), bytes(1_024, 1), null)).toEqual({ kind: 'continue' });
  });

  it('drops a transfer left unfinished longer than the expiry', () => {
    let now = 0;
    const blocks = new BlockAssembler(LIMITS, () => now);
    blocks.take('a', block(0, true), bytes(1_024, 1), null);
    now = 30_000;
    blocks.take('a', block(1, true), bytes(1_024, 1), null);
    now = 30_000 + LIMITS.expiryMs + 1;
    expect(blocks.take('b', block(0, true), bytes(1_024, 1), null)).toEqual({ kind: 'continue' });
    expect(blocks.pending).toBe(1);
    expect(blocks.take('a', block(2, false), bytes(1, 1), null)).toEqual({ kind: 'incomplete' });
  });
});
