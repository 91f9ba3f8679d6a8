/** Size and SHA-256 of the bytes passing through a stream, counted as they pass. */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { StoredBlob } from './blobStore';

/** A pass-through that measures what it passes; `result()` once it has finished. */
export function measuringStream(): { stream: Transform; result(): StoredBlob } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
