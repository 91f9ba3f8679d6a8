/** The PostgreSQL blob store (DATABASE_URL; the PostgreSQL pass only): chunked, streamed, atomic replacement. */
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from '../db/database';
import { BLOB_CHUNK_BYTES, PostgresBlobStore } from './postgresBlobStore';
import {
  blobStoreContract,
  digestOf,
  failingSource,
  generatedFile,
  peakMemoryDuring,
  TEST_SECRET,
} from './testSupport';

let database: DatabaseHandle;
let store: PostgresBlobStore;
let otherNode: PostgresBlobStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new PostgresBlobStore(database.db, TEST_SECRET);
  otherNode = new PostgresBlobStore(database.db, TEST_SECRET);
});
afterAll(() => database.close());

const chunkCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('blob_chunks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the PostgreSQL blob store', () => {
  blobStoreContract(
    () => store,
    () => otherNode,
  );

  it('cuts a file into 256 kB chunks and joins them back exactly, at and around the boundaries', async () => {
    for (const size of [
      BLOB_CHUNK_BYTES - 1,
      BLOB_CHUNK_BYTES,
      BLOB_CHUNK_BYTES + 1,
      3 * BLOB_CHUNK_BYTES + 17,
    ]) {
      const file = generatedFile(size);
      expect(await store.put(`sizes/s${size}`, file.stream)).toEqual({ size, sha256: file.sha256 });
      expect(await digestOf(await otherNode.openRead(`sizes/s${size}`))).toEqual({
        size,
        sha256: file.sha256,
      });
    }
    const rows = await database.db
      .selectFrom('blobs')
      .innerJoin('blob_chunks', 'blob_chunks.version', 'blobs.version')
      .select((eb) => eb.fn.max(eb.fn('length', ['blob_chunks.bytes'])).as('largest'))
      .where('blobs.key', '=', `sizes/s${3 * BLOB_CHUNK_BYTES + 17}`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.largest)).toBe(BLOB_CHUNK_BYTES);
  });

  it('drops the replaced version and every chunk of a failed upload', async () => {
    await store.put('replaced/one', generatedFile(2 * BLOB_CHUNK_BYTES).stream);
    const before = await chunkCount();
    await store.put('replaced/one', generatedFile(BLOB_CHUNK_BYTES).stream);
    expect(await chunkCount()).toBe(before - 1);
    await expect(store.put('replaced/two', failingSource())).rejects.toThrow('client went away');
    expect(await chunkCount()).toBe(before - 1);
    expect(await database.db.selectFrom('blob_uploads').selectAll().execute()).toEqual([]);
  });

  it('takes two nodes replacing one key at once in turn: one file wins whole, no chunk is left over', async () => {
    const before = await chunkCount();
    const [one, two] = [generatedFile(2 * BLOB_CHUNK_BYTES + 5), generatedFile(2 * BLOB_CHUNK_BYTES + 5)];
    await Promise.all([store.put('racing/one', one.stream), otherNode.put('racing/one', two.stream)]);
    const read = await digestOf(await store.openRead('racing/one'));
    expect([one.sha256, two.sha256]).toContain(read.sha256);
    expect(await chunkCount()).toBe(before + 3);
  });

  it('sweeps the chunks of an upload a dead node left unfinished, a day on', async () => {
    await database.db
      .insertInto('blob_uploads')
      .values({ version: '00000000-0000-4000-8000-0000000000aa', key: 'dead/one' })
      .execute();
    await database.db
      .insertInto('blob_chunks')
      .values({ version: '00000000-0000-4000-8000-0000000000aa', seq: 0, bytes: new Uint8Array([1, 2, 3]) })
      .execute();
    const before = await chunkCount();
    expect(await store.sweepAbandonedUploads()).toBe(0);
    expect(await store.sweepAbandonedUploads(new Date(Date.now() + 25 * 3600_000))).toBe(1);
    expect(await chunkCount()).toBe(before - 1);
  });

  it('refuses to finish an upload swept as abandoned while it ran, keeping what the key held', async () => {
    await store.put('slow/one', Buffer.from('before'));
    const before = await chunkCount();
    async function* slowUpload(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(BLOB_CHUNK_BYTES + 1, 1);
      // Meanwhile another node, starting a day later by its clock, sweeps this upload as abandoned.
      await otherNode.sweepAbandonedUploads(new Date(Date.now() + 25 * 3600_000));
      yield Buffer.alloc(10, 2);
    }
    await expect(store.put('slow/one', Readable.from(slowUpload()))).rejects.toThrow('swept as abandoned');
    expect(await text(await store.openRead('slow/one'))).toBe('before');
    expect(await chunkCount()).toBe(before);
  });

  it('fails a read whose blob is replaced meanwhile rather than pass a mix off as the file', async () => {
    await store.put('moving/one', generatedFile(3 * BLOB_CHUNK_BYTES).stream);
    const reading = await store.openRead('moving/one');
    await store.put('moving/one', generatedFile(3 * BLOB_CHUNK_BYTES).stream);
    await expect(text(reading)).rejects.toThrow('replaced or deleted while it was read');
  });

  it('streams a 20 MB upload and download without holding the file in memory', async () => {
    const file = generatedFile(20 * 1024 * 1024);
    const upload = await peakMemoryDuring(() => store.put('big/twenty', file.stream));
    expect(upload.result).toEqual({ size: file.size, sha256: file.sha256 });
    const download = await peakMemoryDuring(async () => digestOf(await otherNode.openRead('big/twenty')));
    expect(download.result).toEqual({ size: file.size, sha256: file.sha256 });
    console.info(
      `${file.size / 1048576} MB through the PostgreSQL blob store (${database.engine}): peak memory growth ${(upload.peakGrowth / 1048576).toFixed(1)} MB uploading, ${(download.peakGrowth / 1048576).toFixed(1)} MB downloading`,
    );
    // A chunk or two in flight, whatever the file's size.
    expect(upload.peakGrowth).toBeLessThan(4 * 1024 * 1024);
    expect(download.peakGrowth).toBeLessThan(4 * 1024 * 1024);
    // 160 chunk round trips and the memory samples' collections: slow on a loaded 2-core machine.
  }, 120_000);
});
