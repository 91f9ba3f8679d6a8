/** The local blob store: files with checksums, atomic writes, safe keys and signed, expiring links. */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blobStore';
import { LocalBlobStore } from './localBlobStore';

let root: string;
let store: LocalBlobStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ferrite-blobs-'));
  store = new LocalBlobStore(root, 'a-secret-that-is-long-enough-for-tests-0123');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local blob store', () => {
  it('stores a buffer and a stream with their size and SHA-256, and reads them back', async () => {
    const bytes = Buffer.from('firmware image v1');
    const stored = await store.put('firmware/org/one', bytes);
    expect(stored).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(await text(await store.openRead('firmware/org/one'))).toBe('firmware image v1');

    const streamed = await store.put(
      'firmware/org/two',
      Readable.from([Buffer.from('ab'), Buffer.from('cd')]),
    );
    expect(streamed.size).toBe(4);
    expect(await text(await store.openRead('firmware/org/two'))).toBe('abcd');
  });

  it('leaves nothing behind when the source fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('firmware/org/broken', failing)).rejects.toThrow('client went away');
    expect((await readdir(join(root, 'firmware', 'org'))).filter((name) => name.includes('broken'))).toEqual(
      [],
    );
  });

  it('deletes blobs, a missing one quietly', async () => {
    await store.put('firmware/org/gone', Buffer.from('x'));
    await store.delete('firmware/org/gone');
    await store.delete('firmware/org/gone');
    await expect(store.openRead('firmware/org/gone')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that would leave its directory', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', 'a/./b', 'sp ace']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid blob key');
    }
  });

  it('signs links that verify until they expire and fail when anything is changed', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const link = store.signedPath('firmware/org/one', 60, { routePath: '/download', now });
    const query = new URL(link, 'http://x').searchParams;
    const signature = { expires: query.get('expires') ?? '', signature: query.get('signature') ?? '' };
    expect(link.startsWith('/download?expires=')).toBe(true);
    expect(store.verify('firmware/org/one', signature, now)).toBe(true);
    expect(store.verify('firmware/org/one', signature, new Date(now.getTime() + 61_000))).toBe(false);
    expect(store.verify('firmware/org/two', signature, now)).toBe(false);
    expect(store.verify('firmware/org/one', { ...signature, expires: `${signature.expires}0` }, now)).toBe(
      false,
    );
    expect(
      store.verify(
        'firmware/org/one',
        {
          ...signature,
          signature: `${signature.signature.startsWith('A') ? 'B' : 'A'}${signature.signature.slice(1)}`,
        },
        now,
      ),
    ).toBe(false);
    expect(store.verify('firmware/org/one', {}, now)).toBe(false);
    const otherSecret = new LocalBlobStore(root, 'another-secret-that-is-long-enough-0123456');
    expect(otherSecret.verify('firmware/org/one', signature, now)).toBe(false);
  });
});
