/**
 * Blobs in an S3-compatible bucket (BLOB_URL), with the AWS SDK v3: uploads stream through a multipart
 * upload (two 5 MB parts in memory at most: one filling while the other is sent), reads stream the
 * object's body. Download links stay Ferrite's own, HMAC-signed with the shared secret (blobLinks.ts),
 * and any node streams the object from the bucket: the bucket can stay private, and devices and mail
 * recipients reach Ferrite only.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { keySegments } from './blobKey';
import { BlobLinks } from './blobLinks';
import {
  BlobNotFoundError,
  type BlobStore,
  type LinkSignature,
  type SignedPathOptions,
  type StoredBlob,
} from './blobStore';
import type { S3Location } from './blobUrl';
import { measuringStream } from './measuring';

/** S3's smallest part: the upload holds two of these of a file in memory, whatever its size. */
const PART_BYTES = 5 * 1024 * 1024;

/** The answer of a failed SDK call, as far as this store looks at it. */
interface S3Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as S3Failure | null)?.$metadata?.httpStatusCode;
}

/** Blobs in one bucket (under a key prefix), streamed both ways. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly links: BlobLinks;

  constructor(
    private readonly location: S3Location,
    secret: string,
  ) {
    this.links = new BlobLinks(secret);
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region ?? 'us-east-1',
      forcePathStyle: location.forcePathStyle,
      ...(location.credentials ? { credentials: location.credentials } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
      // checksum trailers on streamed bodies. The store computes its own SHA-256 of every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  private objectKey(key: string): string {
    keySegments(key);
    return `${this.location.prefix}${key}`;
  }

  /** Fails, naming BLOB_URL (never its credentials), unless the bucket exists and answers us. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const where = this.location.endpoint ? ` at ${new URL(this.location.endpoint).origin}` : '';
      const reason =
        status === 404
          ? 'does not exist'
          : status === 403 || status === 401
            ? 'refuses these credentials'
            : `cannot be reached (${(error as Error).name})`;
      throw new Error(`BLOB_URL: the bucket "${this.location.bucket}"${where} ${reason}`);
    }
  }

  async put(key: string, data: Buffer | Readable): Promise<StoredBlob> {
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    const measure = measuringStream();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.objectKey(key), Body: measure.stream },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      // A source that fails fails the pipeline and, through the destroyed body, the upload.
      await Promise.all([pipeline(source, measure.stream), upload.done()]);
    } catch (error) {
      source.destroy();
      await upload.abort().catch(() => {});
      throw error;
    }
    return measure.result();
  }

  async openRead(key: string): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (statusOf(error) === 404 || (error as S3Failure).name === 'NoSuchKey')
        throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key as done, which is what the interface wants.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
    );
  }

  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string {
    return this.links.signedPath(key, ttlSeconds, options);
  }

  verify(key: string, link: LinkSignature, now: Date = new Date()): boolean {
    return this.links.verify(key, link, now);
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}
