/**
 * Blobs in the platform database, so every node of a cluster on one PostgreSQL reads every file.
 * Chunked both ways: an upload is written a chunk at a time as it arrives (a new version under the
 * key, switched in when complete; blobRepository.ts), and a read fetches the next chunk only when the
 * consumer asks for more. No file is ever whole in memory. Links are signed with the shared secret.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/database';
import { keySegments } from './blobKey';
import { BlobLinks } from './blobLinks';
import { BlobRepository } from './blobRepository';
import {
  BlobNotFoundError,
  type BlobStore,
  type LinkSignature,
  type SignedPathOptions,
  type StoredBlob,
} from './blobStore';

/** 256 kB: small enough to hold a few at once, big enough that a 20 MB file is 80 round trips. */
export const BLOB_CHUNK_BYTES = 256 * 1024;

/** An upload not finished after a day belongs to a node that died; its chunks are swept. */
const ABANDONED_AFTER_MS = 24 * 3600_000;

/**
 * A copy of the chunk with a buffer of its own: PGlite's worker is sent a view's whole underlying
 * buffer (structured clone), which for a view into a big upload would be the whole upload every time.
 */
function standalone(chunk: Buffer): Uint8Array {
  return new Uint8Array(chunk);
}

/** Blobs in PostgreSQL (or PGlite), chunked and streamed. */
export class PostgresBlobStore implements BlobStore {
  private readonly repo: BlobRepository;
  private readonly links: BlobLinks;

  constructor(db: Db, secret: string) {
    this.repo = new BlobRepository(db);
    this.links = new BlobLinks(secret);
  }

  async put(key: string, data: Buffer | Readable): Promise<StoredBlob> {
    keySegments(key);
    const version = randomUUID();
    await this.repo.startUpload(version, key);
    try {
      const stored = await this.writeChunks(version, Buffer.isBuffer(data) ? [data] : data);
      await this.repo.commit(key, version, stored.size, stored.sha256);
      return stored;
    } catch (error) {
      if (!Buffer.isBuffer(data)) data.destroy();
      await this.repo.abandon(version);
      throw error;
    }
  }

  /**
   * Cuts the bytes into whole chunks and writes each before reading on (a stream waits meanwhile);
   * a source that fails fails the loop.
   */
  private async writeChunks(version: string, source: Iterable<Buffer> | Readable): Promise<StoredBlob> {
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    let pending: Buffer = Buffer.alloc(0);
    for await (const piece of source as AsyncIterable<Buffer>) {
      hash.update(piece);
      size += piece.length;
      pending = pending.length > 0 ? Buffer.concat([pending, piece]) : piece;
      while (pending.length >= BLOB_CHUNK_BYTES) {
        await this.repo.writeChunk(version, seq++, standalone(pending.subarray(0, BLOB_CHUNK_BYTES)));
        pending = pending.subarray(BLOB_CHUNK_BYTES);
      }
    }
    if (pending.length > 0) await this.repo.writeChunk(version, seq, standalone(pending));
    return { size, sha256: hash.digest('hex') };
  }

  async openRead(key: string): Promise<Readable> {
    keySegments(key);
    const current = await this.repo.current(key);
    if (!current) throw new BlobNotFoundError(key);
    const repo = this.repo;
    async function* chunks(): AsyncGenerator<Buffer> {
      let read = 0;
      for (let seq = 0; read < current!.size; seq++) {
        const bytes = await repo.chunk(current!.version, seq);
        // Replaced or deleted while being read: a short file must not pass for a whole one.
        if (!bytes) throw new Error(`Blob ${JSON.stringify(key)} was replaced or deleted while it was read`);
        read += bytes.length;
        yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
    }
    // One chunk buffered ahead at most: the next query runs only when the consumer has taken it.
    return Readable.from(chunks(), { objectMode: false, highWaterMark: BLOB_CHUNK_BYTES });
  }

  async delete(key: string): Promise<void> {
    keySegments(key);
    await this.repo.remove(key);
  }

  /** Every stored key, a page at a time (for moving the blobs into another store: moveBlobs.ts). */
  async *keys(): AsyncGenerator<string> {
    let after = '';
    for (;;) {
      const page = await this.repo.keysAfter(after, 500);
      yield* page;
      if (page.length < 500) return;
      after = page.at(-1) ?? after;
    }
  }

  /** Drops the chunks of uploads a dead node left unfinished; answers how many uploads. */
  sweepAbandonedUploads(now: Date = new Date()): Promise<number> {
    return this.repo.sweepUploads(new Date(now.getTime() - ABANDONED_AFTER_MS));
  }

  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string {
    return this.links.signedPath(key, ttlSeconds, options);
  }

  verify(key: string, link: LinkSignature, now: Date = new Date()): boolean {
    return this.links.verify(key, link, now);
  }
}
