/**
 * A gateway's going offline is announced once per silence, whichever node sweeps and however the
 * sweeps fall: the gateway records the sighting (`last_seen_at`) its offline announcement was made
 * for. Gateways already silent when this lands count as announced, so an upgrade does not announce
 * every old silence at once.
 */
import { type Kysely, sql } from 'kysely';

/** Adds gateways.offline_announced_for. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table gateways add column offline_announced_for timestamptz`.execute(db);
  await sql`
    update gateways set offline_announced_for = last_seen_at
    where last_seen_at is not null
      and last_seen_at + make_interval(secs => heartbeat_timeout_s) <= now()`.execute(db);
}
