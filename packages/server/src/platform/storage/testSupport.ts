/** What every blob store must do, as tests each store runs (postgresBlobStore.test.ts, s3BlobStore.test.ts). */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blobStore';

export const TEST_SECRET = 'a-secret-that-is-long-enough-for-tests-0123';

/** Size and SHA-256 of everything a stream gives, read as it comes. */
export async function digestOf(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** A source that fails after some bytes, as a client going away mid-upload. */
export function failingSource(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('partial'));
      this.destroy(new Error('client went away'));
    },
  });
}

/**
 * `bytes` of varied content as 64 kB views of one 1 MB block: the source itself allocates nothing, so
 * what memory grows while it is stored is the store's. Answers the stream and its expected digest.
 */
export function generatedFile(bytes: number): { stream: Readable; size: number; sha256: string } {
  const block = randomBytes(1024 * 1024);
  const piece = 64 * 1024;
  const hash = createHash('sha256');
  for (let at = 0; at < bytes; at += piece)
    hash.update(block.subarray(at % block.length, (at % block.length) + Math.min(piece, bytes - at)));
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes; at += piece) {
      yield block.subarray(at % block.length, (at % block.length) + Math.min(piece, bytes - at));
    }
  }
  return { stream: Readable.from(pieces(), { objectMode: false }), size: bytes, sha256: hash.digest('hex') };
}

/** The garbage collector, reached at run time (the test process is not started with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs the work, measuring every 50 ms what memory (heap and buffers) it holds after a collection:
 * garbage the store made and let go does not count, a file kept whole would. Answers the work's
 * result and the largest growth seen, in bytes.
 */
export async function peakMemoryDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakGrowth: number }> {
  const gc = collector();
  const held = () => {
    // A buffer's memory is given back only by the collection after the one that found it unreachable.
    gc();
    gc();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const baseline = held();
  let peak = baseline;
  // Each sample is two full collections, which take long in a worker whose heap other test files
  // filled: the next one is timed from the end of the last, so sampling never crowds out the work.
  let sampler: NodeJS.Timeout | undefined;
  const sample = () => {
    peak = Math.max(peak, held());
    sampler = setTimeout(sample, 100);
  };
  sampler = setTimeout(sample, 100);
  try {
    const result = await work();
    return { result, peakGrowth: peak - baseline };
  } finally {
    clearTimeout(sampler);
  }
}

/**
 * The behaviour every store shares. `store()` is this node's store; `otherNode()` another node's
 * instance on the same storage and secret.
 */
export function blobStoreContract(store: () => BlobStore, otherNode: () => BlobStore): void {
  it('stores a buffer, a stream and an empty file with their size and SHA-256, and reads them back', async () => {
    const bytes = Buffer.from('firmware image v1');
    expect(await store().put('firmware/org/one', bytes)).toEqual({
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await text(await store().openRead('firmware/org/one'))).toBe('firmware image v1');
    const streamed = await store().put(
      'firmware/org/two',
      Readable.from([Buffer.from('ab'), Buffer.from('cd')]),
    );
    expect(streamed.size).toBe(4);
    expect(await text(await store().openRead('firmware/org/two'))).toBe('abcd');
    expect((await store().put('firmware/org/empty', Buffer.alloc(0))).size).toBe(0);
    expect(await text(await store().openRead('firmware/org/empty'))).toBe('');
  });

  it('replaces a blob under the same key, and another node reads the new one', async () => {
    await store().put('reports/org/r1.pdf', Buffer.from('first'));
    await store().put('reports/org/r1.pdf', Readable.from([Buffer.from('second '), Buffer.from('version')]));
    expect(await text(await otherNode().openRead('reports/org/r1.pdf'))).toBe('second version');
  });

  it('keeps nothing of an upload whose source fails half way, and keeps what the key held', async () => {
    await expect(store().put('firmware/org/broken', failingSource())).rejects.toThrow();
    await expect(store().openRead('firmware/org/broken')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store().put('firmware/org/kept', Buffer.from('good'));
    await expect(store().put('firmware/org/kept', failingSource())).rejects.toThrow();
    expect(await text(await store().openRead('firmware/org/kept'))).toBe('good');
  });

  it('deletes blobs (a missing one quietly) and answers a missing key with BlobNotFoundError', async () => {
    await store().put('firmware/org/gone', Buffer.from('x'));
    await otherNode().delete('firmware/org/gone');
    await store().delete('firmware/org/gone');
    await expect(store().openRead('firmware/org/gone')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store().openRead('firmware/org/never')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that are not safe relative paths', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', 'a/./b', 'sp ace']) {
      await expect(store().put(key, Buffer.from('x')), key).rejects.toThrow('Invalid blob key');
    }
  });

  it('signs links that verify on another node with the same secret, until they expire', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const link = store().signedPath('firmware/org/one', 60, { routePath: '/download', now });
    const query = new URL(link, 'http://x').searchParams;
    const signature = { expires: query.get('expires') ?? '', signature: query.get('signature') ?? '' };
    expect(link.startsWith('/download?expires=')).toBe(true);
    expect(otherNode().verify('firmware/org/one', signature, now)).toBe(true);
    expect(otherNode().verify('firmware/org/one', signature, new Date(now.getTime() + 61_000))).toBe(false);
    expect(otherNode().verify('firmware/org/two', signature, now)).toBe(false);
  });
}
