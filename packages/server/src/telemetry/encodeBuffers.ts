/**
 * Buffers for binary COPY streams, used again once their COPY is through. A slice's stream is about a
 * megabyte; made new for every slice they were most of what the writer thread allocated outside its
 * heap, and V8 counts such memory toward its next full collection: the thread ran one for about every
 * dozen megabytes written (18 in a run of two million points), each marking its whole heap again.
 * A new buffer is also zero-filled, which a reused one skips.
 */

/** Buffers are made in sizes of powers of two from this, so one fits the next slice's stream. */
const SMALLEST_BYTES = 64 * 1024;

export class EncodeBuffers {
  private readonly free: ArrayBuffer[] = [];

  /** `keep`: buffers held for reuse at most (the writer's lanes each hold two: one sent, one encoded). */
  constructor(private readonly keep = 8) {}

  /** A view of `bytes` bytes, from offset 0, of a buffer nobody else uses; its contents are left over. */
  take(bytes: number): Uint8Array {
    const index = this.free.findIndex((buffer) => buffer.byteLength >= bytes);
    if (index >= 0) {
      const [buffer] = this.free.splice(index, 1);
      return new Uint8Array(buffer as ArrayBuffer, 0, bytes);
    }
    let size = SMALLEST_BYTES;
    while (size < bytes) size *= 2;
    return new Uint8Array(new ArrayBuffer(size), 0, bytes);
  }

  /**
   * Hands a buffer back once nothing reads it any more (its COPY completed: the server answered after
   * the last byte, so no socket write still holds it). When full, the smallest held buffer makes way
   * for a bigger one.
   */
  give(view: Uint8Array): void {
    const buffer = view.buffer as ArrayBuffer;
    // Detached (moved to another thread) or not one of ours: nothing to keep.
    if (buffer.byteLength < SMALLEST_BYTES || this.free.includes(buffer)) return;
    if (this.free.length < this.keep) {
      this.free.push(buffer);
      return;
    }
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++) {
      if ((this.free[i] as ArrayBuffer).byteLength < (this.free[smallest] as ArrayBuffer).byteLength)
        smallest = i;
    }
    if ((this.free[smallest] as ArrayBuffer).byteLength < buffer.byteLength) this.free[smallest] = buffer;
  }
}
