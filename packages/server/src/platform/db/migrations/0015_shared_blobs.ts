/**
 * Files every node can read: with PostgreSQL, blobs live in the database, cut into chunks so no file
 * is ever whole in memory (platform/storage/postgresBlobStore.ts). A blob's chunks belong to a version;
 * an upload writes a new version's chunks and then points its key at that version in one transaction,
 * so a reader never sees half a replacement. An upload in progress is recorded, so the chunks of one
 * that a crashed node left behind can be swept. And one row holds the generated signing secret, so every
 * node signs and checks tokens and links with the same one (platform/security/secret.ts).
 */
import { type Kysely, sql } from 'kysely';

/** Creates blobs, blob_chunks, blob_uploads and platform_secret. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blobs (
      key text primary key,
      version uuid not null,
      size bigint not null,
      sha256 text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table blob_chunks (
      version uuid not null,
      seq integer not null,
      bytes bytea not null,
      primary key (version, seq)
    )`.execute(db);
  // Files (firmware, PDFs, images) are mostly compressed already: storing chunks as they are spares
  // PostgreSQL a compression attempt on every write.
  await sql`alter table blob_chunks alter column bytes set storage external`.execute(db);
  await sql`
    create table blob_uploads (
      version uuid primary key,
      key text not null,
      started_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table platform_secret (
      id smallint primary key default 1 check (id = 1),
      secret text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
