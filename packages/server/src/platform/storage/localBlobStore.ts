/**
 * Blobs as files under one directory (DATA_DIR/blobs), the embedded default. Writes go to a temporary
 * file that is renamed into place, so a reader never sees half a file and a failed upload leaves
 * nothing behind. Links are signed with the platform secret (blobLinks.ts).
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keySegments } from './blobKey';
import { BlobLinks } from './blobLinks';
import {
  BlobNotFoundError,
  type BlobStore,
  type LinkSignature,
  type SignedPathOptions,
  type StoredBlob,
} from './blobStore';
import { measuringStream } from './measuring';

/** Blobs under one local directory, with HMAC-signed links (the embedded default). */
export class LocalBlobStore implements BlobStore {
  private readonly links: BlobLinks;

  constructor(
    private readonly root: string,
    secret: string,
  ) {
    this.links = new BlobLinks(secret);
  }

  private pathOf(key: string): string {
    const path = join(this.root, ...keySegments(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, data: Buffer | Readable): Promise<StoredBlob> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    const measure = measuringStream();
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    try {
      await pipeline(source, measure.stream, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return measure.result();
  }

  async openRead(key: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key));
    // Wait for the file to open so a missing blob is an answer (404), not a stream failing mid-response.
    try {
      await once(stream, 'open');
    } catch (error) {
      stream.destroy();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw error;
    }
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Every stored key (files half written by a crashed process, `*.partial`, are not blobs); for moving
   * the files into a shared store (moveBlobs.ts).
   */
  async *keys(): AsyncGenerator<string> {
    let entries: { name: string; parentPath: string; isFile(): boolean }[];
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      try {
        keySegments(key);
      } catch {
        continue; // not a file this store wrote
      }
      yield key;
    }
  }

  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string {
    return this.links.signedPath(key, ttlSeconds, options);
  }

  verify(key: string, link: LinkSignature, now: Date = new Date()): boolean {
    return this.links.verify(key, link, now);
  }
}
