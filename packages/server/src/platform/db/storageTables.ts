/** Table types of the shared blob store (platform/storage/postgresBlobStore.ts) and the shared secret. */
import type { ColumnType } from 'kysely';
import type { CreatedAt } from './columnTypes';

export interface BlobsTable {
  key: string;
  /** The blob_chunks version the key points at; a replacement switches it in one transaction. */
  version: string;
  /** bigint: node-postgres answers it as text, PGlite as a number. */
  size: ColumnType<string | number, number, number>;
  sha256: string;
  /** When the blob under the key was last written. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BlobChunksTable {
  version: string;
  /** 0, 1, 2…: the chunk's place in the blob. */
  seq: number;
  /** A Buffer from node-postgres, a Uint8Array from PGlite. */
  bytes: ColumnType<Uint8Array, Uint8Array, never>;
}

export interface BlobUploadsTable {
  version: string;
  key: string;
  started_at: CreatedAt;
}

export interface PlatformSecretTable {
  id: ColumnType<number, number | undefined, never>;
  secret: string;
  created_at: CreatedAt;
}
