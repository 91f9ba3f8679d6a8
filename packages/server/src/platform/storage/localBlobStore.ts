/**
 * Blobs as files under one directory (DATA_DIR/blobs). Writes go to a temporary file that is renamed
 * into place, so a reader never sees half a file and a failed upload leaves nothing behind. Links are
 * signed with HMAC-SHA256 under a key derived from the app secret.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobNotFoundError,
  type BlobStore,
  type LinkSignature,
  type SignedPathOptions,
  type StoredBlob,
} from './blobStore';

/** Key segments hold letters, digits, `_ . -` only; `.` and `..` are refused. */
const SEGMENT = /^[\w.-]{1,200}$/;

/** Throws unless the key is a safe relative path; answers its segments. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (segments.length > 8 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  return segments;
}

/** Blobs under one local directory, with HMAC-signed links (the embedded default). */
export class LocalBlobStore implements BlobStore {
  private readonly linkKey: Buffer;

  constructor(
    private readonly root: string,
    secret: string,
  ) {
    // A key of its own, so a link signature can never double as a signature of anything else.
    this.linkKey = createHmac('sha256', secret).update('ferrite:blob-links').digest();
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
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    try {
      await pipeline(source, measure, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
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

  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string {
    keySegments(key);
    const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + ttlSeconds;
    const query = new URLSearchParams({ expires: String(expires), signature: this.sign(key, expires) });
    return `${options.routePath}?${query.toString()}`;
  }

  verify(key: string, link: LinkSignature, now: Date = new Date()): boolean {
    if (!link.expires || !link.signature || !/^\d{1,12}$/.test(link.expires)) return false;
    const expires = Number(link.expires);
    if (expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(link.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.linkKey).update(`${key}\n${expires}`).digest('base64url');
  }
}
