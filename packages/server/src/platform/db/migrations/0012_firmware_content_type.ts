/**
 * Firmware files record their type as their first bytes tell it (ELF, ZIP, gzip, Intel HEX…).
 * Files uploaded before were not looked at: they read as plain binary.
 */
import { type Kysely, sql } from 'kysely';

/** Adds firmware.content_type. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table firmware add column content_type text not null default 'application/octet-stream'`.execute(
    db,
  );
}
