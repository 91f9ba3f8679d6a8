/**
 * The nodes of a cluster reading devices through an external broker: each heartbeats here, so the
 * others can see one fall silent and take over its broker sessions (what the broker queued and had in
 * flight for it) within seconds instead of leaving them to expire. Beside it, the arrival stamps of MQTT
 * messages in flight (received, not yet acknowledged), so a redelivery of a message without a time of
 * its own falls on the reading already stored instead of becoming a second one.
 */
import { type Kysely, sql } from 'kysely';

/** Creates cluster_nodes and mqtt_receipts. */
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
  await sql`
    create table mqtt_receipts (
      client_id text not null,
      packet_id integer not null,
      digest bytea not null,
      first_micros bigint not null,
      primary key (client_id, packet_id)
    )`.execute(db);
}
