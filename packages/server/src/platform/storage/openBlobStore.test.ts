/**
 * Choosing the blob store, and the files an earlier start kept where other nodes cannot read them
 * moving into the shared store on start, on PGlite and PostgreSQL.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestS3Server, type TestS3Server } from '../../testing/s3Server';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from '../db/database';
import type { BlobStore } from './blobStore';
import { LocalBlobStore } from './localBlobStore';
import { moveBlobs } from './moveBlobs';
import { openBlobStore } from './openBlobStore';
import { PostgresBlobStore } from './postgresBlobStore';
import { S3BlobStore } from './s3BlobStore';
import { TEST_SECRET } from './testSupport';

let database: DatabaseHandle;
let s3: TestS3Server;
let root: string;
let dirs = 0;

beforeAll(async () => {
  [database, s3] = await Promise.all([openTestDatabase(), startTestS3Server()]);
  root = await mkdtemp(join(tmpdir(), 'ferrite-open-blobs-'));
});
afterAll(async () => {
  await database?.close();
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: { msg: string; level: number }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** A DATA_DIR whose blobs directory holds two files (and a half-written one a crash left). */
async function dataDirWithFiles(): Promise<string> {
  const dataDir = join(root, `node-${++dirs}`);
  const local = new LocalBlobStore(join(dataDir, 'blobs'), TEST_SECRET);
  await local.put(`firmware/org/fw-${dirs}`, Buffer.from(`firmware ${dirs}`));
  await local.put(`dashboard-reports/org/r-${dirs}.pdf`, Buffer.from(`%PDF report ${dirs}`));
  await writeFile(join(dataDir, 'blobs', 'firmware', 'org', 'fw-x.1234.partial'), 'half');
  return dataDir;
}

const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((e) => e.name);

describe('opening the blob store', () => {
  it('keeps files on local disk on the embedded database, and moves none', async () => {
    const dataDir = await dataDirWithFiles();
    const { log, lines } = capturedLog();
    const store = await openBlobStore(
      { dataDir, blobBucket: undefined },
      { ...database, engine: 'pglite' },
      TEST_SECRET,
      log,
    );
    expect(store).toBeInstanceOf(LocalBlobStore);
    expect(await text(await store.openRead(`firmware/org/fw-${dirs}`))).toBe(`firmware ${dirs}`);
    expect(lines).toEqual([]);
  });

  it('on PostgreSQL, moves the local files into the database once, verified, and logs it once', async () => {
    const dataDir = await dataDirWithFiles();
    const n = dirs;
    const { log, lines } = capturedLog();
    const postgres = { ...database, engine: 'postgres' as const };
    const store = await openBlobStore({ dataDir, blobBucket: undefined }, postgres, TEST_SECRET, log);
    expect(store).toBeInstanceOf(PostgresBlobStore);
    // Another node, with a DATA_DIR of its own, reads them.
    const otherNode = new PostgresBlobStore(database.db, TEST_SECRET);
    expect(await text(await otherNode.openRead(`firmware/org/fw-${n}`))).toBe(`firmware ${n}`);
    expect(await text(await otherNode.openRead(`dashboard-reports/org/r-${n}.pdf`))).toBe(`%PDF report ${n}`);
    // Only the crash's leftover stays behind.
    expect(await filesUnder(join(dataDir, 'blobs'))).toEqual(['fw-x.1234.partial']);
    expect(lines.map((line) => line.msg)).toEqual([
      'Moved 2 files (23 bytes) from the data directory into the shared blob store',
    ]);
    const again = capturedLog();
    await openBlobStore({ dataDir, blobBucket: undefined }, postgres, TEST_SECRET, again.log);
    expect(again.lines).toEqual([]);
  });

  it('with BLOB_URL, moves the local files and the database’s blobs into the bucket', async () => {
    const dataDir = await dataDirWithFiles();
    const n = dirs;
    const inDatabase = new PostgresBlobStore(database.db, TEST_SECRET);
    await inDatabase.put('firmware/org/kept-in-database', Buffer.from('from PostgreSQL'));
    const { log, lines } = capturedLog();
    const config = loadConfig({ DATA_DIR: dataDir, BLOB_URL: s3.blobUrl('moved') });
    const store = await openBlobStore(config, { ...database, engine: 'postgres' }, TEST_SECRET, log);
    try {
      expect(store).toBeInstanceOf(S3BlobStore);
      expect(await text(await store.openRead(`firmware/org/fw-${n}`))).toBe(`firmware ${n}`);
      expect(await text(await store.openRead('firmware/org/kept-in-database'))).toBe('from PostgreSQL');
      expect(await database.db.selectFrom('blobs').select('key').execute()).toEqual([]);
      expect(lines.map((line) => line.msg)).toEqual([
        expect.stringMatching(
          /^Moved 2 files \(\d+ bytes\) from the data directory into the shared blob store$/,
        ),
        expect.stringMatching(/^Moved \d+ files \(\d+ bytes\) from the database into the shared blob store$/),
      ]);
    } finally {
      store.close?.();
    }
  });

  it('refuses to start on a bucket that is not there', async () => {
    const config = loadConfig({
      DATA_DIR: join(root, 'none'),
      BLOB_URL: s3.blobUrl().replace('ferrite-test', 'missing-bucket'),
    });
    await expect(openBlobStore(config, database, TEST_SECRET, capturedLog().log)).rejects.toThrow(
      'BLOB_URL: the bucket "missing-bucket"',
    );
  });

  it('keeps a local file whose copy does not read back the same, and says so', async () => {
    const dataDir = await dataDirWithFiles();
    const local = new LocalBlobStore(join(dataDir, 'blobs'), TEST_SECRET);
    const real = new PostgresBlobStore(database.db, TEST_SECRET);
    const corrupting: BlobStore = {
      put: (key, data) => real.put(key, data),
      openRead: async () => Readable.from([Buffer.from('something else')]),
      delete: (key) => real.delete(key),
      signedPath: (...args) => real.signedPath(...args),
      verify: (...args) => real.verify(...args),
    };
    const { log, lines } = capturedLog();
    expect(await moveBlobs(local, corrupting, log, 'the data directory')).toMatchObject({
      moved: 0,
      failed: 2,
    });
    expect((await filesUnder(join(dataDir, 'blobs'))).length).toBe(3);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);
  });
});
