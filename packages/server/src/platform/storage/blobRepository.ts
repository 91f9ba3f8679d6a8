/** The SQL of the PostgreSQL blob store: blobs, their chunks by version, and uploads in progress. */
import { sql } from 'kysely';
import { Repository } from '../db/repository';

/** What a key points at. */
export interface BlobVersion {
  version: string;
  size: number;
}

/** Blobs in blobs / blob_chunks / blob_uploads (migration 0015). */
export class BlobRepository extends Repository {
  /** The version a key points at, or undefined. */
  async current(key: string): Promise<BlobVersion | undefined> {
    const row = await this.db
      .selectFrom('blobs')
      .select(['version', 'size'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && { version: row.version, size: Number(row.size) };
  }

  /** Records an upload in progress, so its chunks can be swept if its node dies before it finishes. */
  async startUpload(version: string, key: string): Promise<void> {
    await this.db.insertInto('blob_uploads').values({ version, key }).execute();
  }

  /** Writes one chunk of a version. */
  async writeChunk(version: string, seq: number, bytes: Uint8Array): Promise<void> {
    await this.db.insertInto('blob_chunks').values({ version, seq, bytes }).execute();
  }

  /** One chunk of a version, or undefined past its end (or once the version is gone). */
  async chunk(version: string, seq: number): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom('blob_chunks')
      .select('bytes')
      .where('version', '=', version)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.bytes;
  }

  /**
   * Points the key at a finished upload's version and drops the version it replaces, in one
   * transaction: readers see the old blob or the new one, never a mix. Puts of one key take turns.
   */
  async commit(key: string, version: string, size: number, sha256: string): Promise<void> {
    await this.transaction(async (repo) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`blob:${key}`}, 0))`.execute(repo.db);
      // An upload that outlived the sweep's patience lost its chunks: it must not become the blob.
      const upload = await repo.db
        .deleteFrom('blob_uploads')
        .where('version', '=', version)
        .returning('version')
        .executeTakeFirst();
      if (!upload) throw new Error(`The upload of blob ${JSON.stringify(key)} was swept as abandoned`);
      const before = await repo.current(key);
      await repo.db
        .insertInto('blobs')
        .values({ key, version, size, sha256 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ version, size, sha256, created_at: new Date() }),
        )
        .execute();
      if (before) await repo.db.deleteFrom('blob_chunks').where('version', '=', before.version).execute();
    });
  }

  /** Drops an upload that failed, with the chunks it wrote. */
  async abandon(version: string): Promise<void> {
    await this.transaction(async (repo) => {
      await repo.db.deleteFrom('blob_chunks').where('version', '=', version).execute();
      await repo.db.deleteFrom('blob_uploads').where('version', '=', version).execute();
    });
  }

  /** Removes a key and its chunks; answers whether there was one. */
  async remove(key: string): Promise<boolean> {
    return this.transaction(async (repo) => {
      const gone = await repo.db
        .deleteFrom('blobs')
        .where('key', '=', key)
        .returning('version')
        .executeTakeFirst();
      if (gone) await repo.db.deleteFrom('blob_chunks').where('version', '=', gone.version).execute();
      return gone !== undefined;
    });
  }

  /** Drops uploads started before the cutoff (their node died mid-upload) with their chunks; answers how many. */
  async sweepUploads(startedBefore: Date): Promise<number> {
    return this.transaction(async (repo) => {
      const stale = await repo.db
        .deleteFrom('blob_uploads')
        .where('started_at', '<', startedBefore)
        .returning('version')
        .execute();
      const versions = stale.map((row) => row.version);
      if (versions.length > 0)
        await repo.db.deleteFrom('blob_chunks').where('version', 'in', versions).execute();
      return versions.length;
    });
  }

  /** Every stored key, a page at a time (for moving blobs to another store). */
  async keysAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('blobs')
      .select('key')
      .where('key', '>', after)
      .orderBy('key')
      .limit(limit)
      .execute();
    return rows.map((row) => row.key);
  }
}
