/**
 * Which blob store this node uses: a bucket when BLOB_URL names one, else the database when it is
 * PostgreSQL (every node of a cluster reads it), else DATA_DIR/blobs (embedded, one node). A shared
 * store takes over, on start, what an earlier start kept where other nodes cannot read it.
 */
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import type { BlobStore } from './blobStore';
import type { S3Location } from './blobUrl';
import { LocalBlobStore } from './localBlobStore';
import { moveBlobs } from './moveBlobs';
import { PostgresBlobStore } from './postgresBlobStore';
import { S3BlobStore } from './s3BlobStore';

/** What the choice depends on. */
export interface BlobStoreChoice {
  dataDir: string;
  blobBucket: S3Location | undefined;
}

/** Opens the configured store (checking a bucket answers) and moves stranded blobs into it. */
export async function openBlobStore(
  config: BlobStoreChoice,
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  secret: string,
  log: Logger,
): Promise<BlobStore> {
  const local = new LocalBlobStore(resolve(config.dataDir, 'blobs'), secret);
  if (!config.blobBucket && database.engine !== 'postgres') return local;
  const inDatabase = new PostgresBlobStore(database.db, secret);
  if (!config.blobBucket) {
    const swept = await inDatabase.sweepAbandonedUploads();
    if (swept > 0) log.info({ swept }, `Dropped ${swept} uploads a stopped node left unfinished`);
    await moveBlobs(local, inDatabase, log, 'the data directory');
    return inDatabase;
  }
  const bucket = new S3BlobStore(config.blobBucket, secret);
  try {
    await bucket.check();
    await moveBlobs(local, bucket, log, 'the data directory');
    // Blobs kept in PostgreSQL before the bucket was configured: the bucket is now where nodes look.
    if (database.engine === 'postgres') await moveBlobs(inDatabase, bucket, log, 'the database');
  } catch (error) {
    bucket.close();
    throw error;
  }
  return bucket;
}
