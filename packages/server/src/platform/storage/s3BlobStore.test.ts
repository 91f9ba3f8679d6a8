/** The S3 blob store against an S3-compatible server on this machine (s3rver, in a child process). */
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../testing/s3Server';
import { parseBlobUrl, type S3Location } from './blobUrl';
import { S3BlobStore } from './s3BlobStore';
import { blobStoreContract, digestOf, generatedFile, peakMemoryDuring, TEST_SECRET } from './testSupport';

let server: TestS3Server;
let location: S3Location;
let store: S3BlobStore;
let otherNode: S3BlobStore;

function locationOf(url: string): S3Location {
  const parsed = parseBlobUrl(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

beforeAll(async () => {
  server = await startTestS3Server();
  location = locationOf(server.blobUrl('ferrite'));
  store = new S3BlobStore(location, TEST_SECRET);
  otherNode = new S3BlobStore(location, TEST_SECRET);
});
afterAll(async () => {
  store?.close();
  otherNode?.close();
  await server?.close();
});

/** The bucket's keys as S3 lists them. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

describe('the S3 blob store', () => {
  blobStoreContract(
    () => store,
    () => otherNode,
  );

  it('keeps its objects under the URL’s key prefix, and none of a failed upload', async () => {
    await store.put('firmware/org/prefixed', Buffer.from('x'));
    const keys = await bucketKeys();
    expect(keys).toContain('ferrite/firmware/org/prefixed');
    expect(keys.every((key) => key.startsWith('ferrite/'))).toBe(true);
    expect(keys.some((key) => key.includes('broken'))).toBe(false);
  });

  it('streams a 20 MB upload (multipart) and download without holding the file in memory', async () => {
    const file = generatedFile(20 * 1024 * 1024);
    const upload = await peakMemoryDuring(() => store.put('big/twenty', file.stream));
    expect(upload.result).toEqual({ size: file.size, sha256: file.sha256 });
    const download = await peakMemoryDuring(async () => digestOf(await otherNode.openRead('big/twenty')));
    expect(download.result).toEqual({ size: file.size, sha256: file.sha256 });
    console.info(
      `20 MB through the S3 blob store (s3rver in a process of its own): peak memory growth ${(upload.peakGrowth / 1048576).toFixed(1)} MB uploading, ${(download.peakGrowth / 1048576).toFixed(1)} MB downloading`,
    );
    // Two 5 MB parts at most (one filling while one is sent), far from the 20 MB file.
    expect(upload.peakGrowth).toBeLessThan(12 * 1024 * 1024);
    expect(download.peakGrowth).toBeLessThan(4 * 1024 * 1024);
  });

  it('refuses to start on a bucket that does not exist, naming BLOB_URL but not its credentials', async () => {
    const missing = new S3BlobStore({ ...location, bucket: 'no-such-bucket' }, TEST_SECRET);
    try {
      const failure = await missing.check().then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure).toBe(`BLOB_URL: the bucket "no-such-bucket" at ${server.endpoint} does not exist`);
      expect(failure).not.toContain(server.secretAccessKey);
    } finally {
      missing.close();
    }
    await expect(store.check()).resolves.toBeUndefined();
    expect(await text(await store.openRead('firmware/org/prefixed'))).toBe('x');
  });
});
