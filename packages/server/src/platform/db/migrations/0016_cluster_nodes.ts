/**
 * The nodes of a cluster reading devices through an external broker: each heartbeats here, so the
 * others can see one fall silent and take over its broker sessions (what the broker queued and had in
 * flight for it) within seconds instead of leaving them to expire.
 */
import { type Kysely, sql } from 'kysely';

/** Creates cluster_nodes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table cluster_nodes (
      node_id text primary key,
      share_group text not null,
      mqtt_sessions integer not null,
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      stopping_at timestamptz,
      gone_at timestamptz,
      adopted_by text,
      adoption_until timestamptz
    )`.execute(db);
}
