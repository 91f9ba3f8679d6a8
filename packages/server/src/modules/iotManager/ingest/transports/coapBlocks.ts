/**
 * CoAP block-wise uploads (RFC 7959 Block1), put back together within bounds. The coap package does
 * this itself, but keys the blocks by token (libcoap sends a new token per block, so every upload
 * above one block failed with 5.00) and keeps whatever arrives for as long as it likes (a block
 * numbered a million made it allocate a gigabyte). Here a transfer is keyed by what RFC 7959 §2.5
 * matches on: the client's endpoint and the request (method, URI with its token, Content-Format).
 * Blocks must come in order; each transfer is bounded by the payload limit, all of them together by
 * a budget, and one left unfinished is dropped after a while.
 */

export interface Block1 {
  /** The block number: its offset is num × size. */
  num: number;
  /** More blocks follow. */
  more: boolean;
  /** The block size in bytes (16 to 1024). */
  size: number;
}

/** Reads a Block1 option value (0 to 3 bytes); null when malformed (size exponent 7 is reserved). */
export function parseBlock1(value: Buffer): Block1 | null {
  if (value.length > 3) return null;
  let n = 0;
  for (const byte of value) n = n * 256 + byte;
  const exponent = n & 7;
  if (exponent === 7) return null;
  return { num: Math.floor(n / 16), more: (n & 8) !== 0, size: 2 ** (exponent + 4) };
}

/** Writes a Block1 option value, the answer that echoes the block taken. */
export function encodeBlock1(block: Block1): Buffer {
  const n = block.num * 16 + (block.more ? 8 : 0) + (Math.log2(block.size) - 4);
  if (n < 256) return Buffer.from([n]);
  if (n < 65_536) return Buffer.from([n >> 8, n & 255]);
  return Buffer.from([(n >> 16) & 255, (n >> 8) & 255, n & 255]);
}

export interface BlockLimits {
  /** The largest payload one transfer may put together. */
  maxPayloadBytes: number;
  /** What all unfinished transfers together may hold. */
  bufferBytes: number;
  /** How long a transfer may wait for its next block before it is dropped. */
  expiryMs: number;
}

/** What to answer to a block. */
export type BlockOutcome =
  /** Taken: answer 2.31 Continue. */
  | { kind: 'continue' }
  /** The last block: the whole payload, to handle as a request of its own. */
  | { kind: 'complete'; payload: Buffer }
  /** Over the payload limit: 4.13 (nothing of it is kept). */
  | { kind: 'too-large' }
  /** Not the block that comes next, or no transfer to continue: 4.08. */
  | { kind: 'incomplete' }
  /** A block of the wrong size: 4.00. */
  | { kind: 'invalid'; detail: string }
  /** Every transfer together would hold more than the budget: 5.03. */
  | { kind: 'busy' };

interface Transfer {
  blocks: Buffer[];
  received: number;
  charged: number;
  lastBlockAt: number;
}

/** Counted for a transfer besides its bytes: its key and bookkeeping, so tiny blocks cannot multiply. */
const TRANSFER_OVERHEAD = 512;

/** The unfinished uploads of one CoAP server. */
export class BlockAssembler {
  private readonly transfers = new Map<string, Transfer>();
  private held = 0;
  private lastSweep = 0;

  constructor(
    private readonly limits: BlockLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The largest payload one transfer may put together. */
  get maxPayloadBytes(): number {
    return this.limits.maxPayloadBytes;
  }

  /** Bytes held by unfinished transfers now. */
  get heldBytes(): number {
    return this.held;
  }

  /** Unfinished transfers now. */
  get pending(): number {
    return this.transfers.size;
  }

  /**
   * Takes one block of the transfer `key`; `announced` is the request's Size1 option (the whole
   * payload's size, when the client tells it).
   */
  take(key: string, block: Block1, payload: Buffer, announced: number | null): BlockOutcome {
    const now = this.now();
    this.sweep(now);
    const offset = block.num * block.size;
    if (block.more && payload.length !== block.size) {
      this.drop(key);
      return {
        kind: 'invalid',
        detail: `Block ${block.num} holds ${payload.length} bytes, not ${block.size}`,
      };
    }
    if (
      (announced ?? 0) > this.limits.maxPayloadBytes ||
      offset + payload.length > this.limits.maxPayloadBytes
    ) {
      this.drop(key);
      return { kind: 'too-large' };
    }
    let transfer = this.transfers.get(key);
    if (block.num === 0) {
      // A first block starts over: the client gave up on what it sent before.
      this.drop(key);
      if (!block.more) return { kind: 'complete', payload };
      transfer = { blocks: [], received: 0, charged: 0, lastBlockAt: now };
    } else if (!transfer) {
      return { kind: 'incomplete' };
    } else if (offset + payload.length <= transfer.received) {
      // A block sent again (its answer was lost) is answered again, not kept again.
      transfer.lastBlockAt = now;
      return block.more ? { kind: 'continue' } : { kind: 'incomplete' };
    } else if (offset !== transfer.received) {
      this.drop(key);
      return { kind: 'incomplete' };
    }
    if (!block.more) {
      this.drop(key);
      return { kind: 'complete', payload: Buffer.concat([...transfer.blocks, payload]) };
    }
    const cost = payload.length + (transfer.charged === 0 ? TRANSFER_OVERHEAD + key.length : 0);
    if (this.held + cost > this.limits.bufferBytes) {
      this.drop(key);
      return { kind: 'busy' };
    }
    // A copy: the block is a view into its datagram, which should not live as long as the transfer.
    transfer.blocks.push(Buffer.from(payload));
    transfer.received += payload.length;
    transfer.charged += cost;
    transfer.lastBlockAt = now;
    this.held += cost;
    this.transfers.set(key, transfer);
    return { kind: 'continue' };
  }

  /** Forgets every transfer (the server is closing). */
  clear(): void {
    this.transfers.clear();
    this.held = 0;
  }

  private drop(key: string): void {
    const transfer = this.transfers.get(key);
    if (!transfer) return;
    this.transfers.delete(key);
    this.held -= transfer.charged;
  }

  /** Drops abandoned transfers, at most once a second (a walk over all of them). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1_000) return;
    this.lastSweep = now;
    for (const [key, transfer] of this.transfers)
      if (now - transfer.lastBlockAt > this.limits.expiryMs) this.drop(key);
  }
}
