/**
 * An S3-compatible server on this machine for tests: s3rver in a child process, on a free port of
 * 127.0.0.1, with one bucket and its files in a temporary directory.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** s3rver accepts any signature; these stand for a real server's access key. */
  accessKeyId: string;
  secretAccessKey: string;
  /** BLOB_URL for this server's bucket (under a key prefix when given), credentials and all. */
  blobUrl(prefix?: string): string;
  close(): Promise<void>;
}

/** Starts s3rver with the bucket `ferrite-test`. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'ferrite-s3-'));
  const bucket = 'ferrite-test';
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./s3ServerProcess.mjs', import.meta.url)),
    [directory, bucket],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('s3rver stopped before it listened');
    }),
  ])) as [{ port: number }];
  const endpoint = `http://127.0.0.1:${message.port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    blobUrl: (prefix = '') =>
      `s3://${accessKeyId}:${secretAccessKey}@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    close: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.disconnect();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
