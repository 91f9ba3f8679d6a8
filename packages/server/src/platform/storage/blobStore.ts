/**
 * Where files live (firmware, report files; images later): a key → bytes store with signed,
 * expiring read links. The embedded default keeps files on local disk (localBlobStore.ts); a cluster
 * keeps them where every node reads them: in PostgreSQL (postgresBlobStore.ts) or an S3-compatible
 * bucket (s3BlobStore.ts). openBlobStore.ts picks one. Links are Ferrite's own in every case
 * (blobLinks.ts), served by the download routes of whichever node a request reaches.
 */
import type { Readable } from 'node:stream';

/** What a stored blob is: its byte count and SHA-256 (hex), computed while writing. */
export interface StoredBlob {
  size: number;
  sha256: string;
}

/** The query a signed link carries. */
export interface LinkSignature {
  expires?: string | undefined;
  signature?: string | undefined;
}

export interface SignedPathOptions {
  /** The route that serves the blob locally; the link is this path plus `?expires=…&signature=…`. */
  routePath: string;
  /** The clock to count the lifetime from (tests). */
  now?: Date;
}

export interface BlobStore {
  /** Writes a blob (replacing one under the same key) and answers its size and checksum. */
  put(key: string, data: Buffer | Readable): Promise<StoredBlob>;
  /** Opens a blob for reading; rejects with BlobNotFoundError when the key holds nothing. */
  openRead(key: string): Promise<Readable>;
  /** Removes a blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A link that lets anyone holding it read the blob until it expires. Local stores answer a path on
   * this server (callers prefix the public URL); remote stores may answer an absolute URL.
   */
  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string;
  /** True when a link's signature was made by signedPath for this key and has not expired. */
  verify(key: string, link: LinkSignature, now?: Date): boolean;
  /** Lets go of connections the store holds (the S3 client's), at stop. */
  close?(): void;
}

/** Thrown by openRead for a key that holds no blob. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob under ${JSON.stringify(key)}`);
  }
}

/** A link answered by signedPath as an absolute URL: relative paths get the public URL in front. */
export function absoluteLink(publicUrl: string, link: string): string {
  return /^https?:\/\//.test(link) ? link : `${publicUrl}${link}`;
}
