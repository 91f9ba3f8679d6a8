/**
 * Moving blobs into the shared store on start: files a node kept on its own disk (DATA_DIR/blobs)
 * before it joined a cluster, or blobs in the database once a bucket is configured. Each is copied
 * streamed, read back and compared (size and SHA-256), and only then removed from where it was; one
 * that fails stays and is tried again at the next start. Running it again, or on two nodes at once,
 * moves nothing twice: a blob already gone from the source is skipped.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { BlobNotFoundError, type BlobStore } from './blobStore';
import { measuringStream } from './measuring';

/** A store whose blobs can be listed. */
export interface ListedBlobs {
  keys(): AsyncIterable<string>;
  openRead(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/** What a move did. */
export interface MoveOutcome {
  moved: number;
  bytes: number;
  failed: number;
}

/** Moves every blob of `from` into `to`; logs one line when there was anything to move. */
export async function moveBlobs(
  from: ListedBlobs,
  to: BlobStore,
  log: Logger,
  source: string,
): Promise<MoveOutcome> {
  const outcome: MoveOutcome = { moved: 0, bytes: 0, failed: 0 };
  for await (const key of from.keys()) {
    try {
      let reading: Readable;
      try {
        reading = await from.openRead(key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) continue; // moved by another node meanwhile
        throw error;
      }
      const copied = await to.put(key, reading);
      const readBack = measuringStream();
      await pipeline(await to.openRead(key), readBack.stream, async (bytes) => {
        for await (const _ of bytes);
      });
      const check = readBack.result();
      if (check.size !== copied.size || check.sha256 !== copied.sha256) {
        throw new Error(
          `the copy reads back as ${check.size} bytes, not ${copied.size}, or with another SHA-256`,
        );
      }
      await from.delete(key);
      outcome.moved += 1;
      outcome.bytes += copied.size;
    } catch (error) {
      outcome.failed += 1;
      log.warn(
        { err: error, key },
        `A file in ${source} could not be moved to the shared blob store; it stays and is tried again at the next start`,
      );
    }
  }
  if (outcome.moved > 0 || outcome.failed > 0) {
    log.info(
      outcome,
      `Moved ${outcome.moved} files (${outcome.bytes} bytes) from ${source} into the shared blob store`,
    );
  }
  return outcome;
}
