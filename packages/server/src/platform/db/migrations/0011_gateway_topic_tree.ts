/**
 * A gateway's topic may not lie above or below another's (modules/iotManager/gateways/topicTree.ts).
 * Topics above one are found by equality on the unique index; topics below `t` are the range
 * [`t/`, `t0`) ('0' follows '/'), which only a byte-ordered ("C") index can answer without reading
 * every gateway, whatever the database's collation.
 */
import { type Kysely, sql } from 'kysely';

/** Creates the byte-ordered index on gateway topics. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index gateways_topic_bytes_idx on gateways ((topic collate "C"))`.execute(db);
}
