/**
 * Gateway topics as a tenant boundary (contracts iotManager/topics.ts): the SQL that finds topics whose
 * trees meet, on level boundaries and across every organization.
 *
 * A topic `t` meets the topics above it (each whole-level prefix, found by equality on the unique
 * index) and those below it (the byte range [`t/`, `t0`), '0' being the character after '/', found on
 * the "C" index of migration 0011). New overlaps are refused on create and edit; rows from before that
 * check may still overlap. Of two such gateways one keeps the topic and the other is *blocked* (no MQTT
 * traffic at all until its topic is changed): a gateway on its own default topic `ferrite/<uuid>` wins,
 * otherwise the older one. So a squatter never shuts out the gateway whose tree it entered later, and
 * the two can never exchange a message, whichever came first.
 */
import { DEFAULT_TOPIC_ROOT, topicAncestors } from '@ferrite/contracts';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** The topics above `topic` (an SQL text expression) as a subquery: `a/b/c` → `a`, `a/b`. */
function ancestorsSql(topic: Expression<string>): RawBuilder<string> {
  const levels = sql`string_to_array(${topic}, '/')`;
  return sql`select array_to_string((${levels})[1:n], '/') from generate_series(1, cardinality(${levels}) - 1) as n`;
}

/** How a gateway ranks for a contested topic (smaller wins): own default topic first, then oldest. */
function rankSql(alias: string): RawBuilder<unknown> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const ownDefault = sql`${ref('topic')} = ${`${DEFAULT_TOPIC_ROOT}/`} || ${ref('id')}::text`;
  return sql`(case when ${ownDefault} then 0 else 1 end, ${ref('created_at')}, ${ref('id')})`;
}

/**
 * True for the gateway row `alias` when another gateway whose topic meets its own outranks it: the
 * broker must then refuse this gateway's MQTT traffic (see the header).
 */
export function topicBlockedSql(alias: string): RawBuilder<boolean> {
  const topic = sql.ref<string>(`${alias}.topic`);
  return sql<boolean>`exists (
    select 1 from gateways as rival
    where rival.id <> ${sql.ref(`${alias}.id`)}
      and (
        rival.topic in (${ancestorsSql(topic)})
        or (rival.topic collate "C" >= (${topic} || '/') and rival.topic collate "C" < (${topic} || '0'))
      )
      and ${rankSql('rival')} < ${rankSql(alias)}
  )`;
}

/** Data access for topic trees across every organization (a topic is a platform-wide boundary). */
export class TopicTreeRepository extends Repository {
  /** The query for another gateway than `exceptId` holding `topic`, a topic above it or one below it. */
  treeQuery(topic: string, exceptId: string) {
    const bytes = sql<string>`topic collate "C"`;
    return this.db
      .selectFrom('gateways')
      .select('id')
      .where('id', '!=', exceptId)
      .where((eb) =>
        eb.or([
          eb('topic', 'in', [topic, ...topicAncestors(topic)]),
          eb.and([eb(bytes, '>=', `${topic}/`), eb(bytes, '<', `${topic}0`)]),
        ]),
      )
      .limit(1);
  }

  /** Whether a gateway other than `exceptId` holds `topic`, a topic above it or one below it. */
  async taken(topic: string, exceptId: string): Promise<boolean> {
    return (await this.treeQuery(topic, exceptId).executeTakeFirst()) !== undefined;
  }

  /** Every pair of gateways whose topics meet (`above`'s topic is a prefix of `below`'s), and who is blocked. */
  async overlaps(): Promise<{ pairs: { above: string; below: string }[]; blocked: string[] }> {
    const pairs = await sql<{ above: string; below: string }>`
      select above.id as above, below.id as below
      from gateways as below
      join gateways as above on above.topic in (${ancestorsSql(sql.ref('below.topic'))})
      order by above.created_at, below.created_at`.execute(this.db);
    if (pairs.rows.length === 0) return { pairs: [], blocked: [] };
    const blocked = await this.db
      .selectFrom('gateways as g')
      .select('g.id')
      .where(topicBlockedSql('g'))
      .orderBy('g.created_at')
      .execute();
    return { pairs: pairs.rows, blocked: blocked.map((row) => row.id) };
  }
}
