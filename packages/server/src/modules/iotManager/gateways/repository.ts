/** SQL for gateways; every method that reads tenant data is scoped to one organization. */
import {
  DEFAULT_ORG_LIMITS,
  type GatewayParam,
  type GatewayProtocol,
  type GatewayType,
  type TimestampMapping,
} from '@ferrite/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import {
  type ArchivePage,
  type ArchiveTab,
  inArchiveTab,
  tabCountColumns,
  tabCountsOf,
} from '../../../platform/db/archiveTabs';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';
import { TopicTreeRepository, topicBlockedSql } from './topicTreeRepository';

/** The stored, editable fields of a gateway (connection defaults already applied). */
export interface GatewayValues {
  name: string;
  type: GatewayType;
  protocol: GatewayProtocol;
  channel: string;
  parent_id: string | null;
  description: string;
  topic: string;
  client_id: string;
  username: string;
  host_name: string;
  port_info: string;
  path: string;
  heartbeat_timeout_s: number;
  static_params: GatewayParam[];
  streaming_params: GatewayParam[];
  timestamp_mapping: TimestampMapping;
}

const COLUMNS = [
  'g.id',
  'g.org_id',
  'g.project_id',
  'g.name',
  'g.type',
  'g.protocol',
  'g.channel',
  'g.parent_id',
  'g.description',
  'g.topic',
  'g.client_id',
  'g.username',
  'g.host_name',
  'g.port_info',
  'g.path',
  'g.token_hint',
  'g.token_rotated_at',
  'g.heartbeat_timeout_s',
  'g.static_params',
  'g.streaming_params',
  'g.timestamp_mapping',
  'g.last_seen_at',
  'g.created_at',
  'g.archived_at',
] as const;

/** Data access for gateways; bind it to a transaction with `transaction`. */
export class GatewayRepository extends Repository {
  private select(orgId: string) {
    return this.db
      .selectFrom('gateways as g')
      .leftJoin('gateways as p', (join) =>
        join.onRef('p.id', '=', 'g.parent_id').onRef('p.org_id', '=', 'g.org_id'),
      )
      .select([
        ...COLUMNS,
        'p.name as parent_name',
        topicBlockedSql('g').as('topic_blocked'),
        (eb) =>
          eb
            .selectFrom('gateway_mappings as m')
            .select((m) => m.fn.countAll<string>().as('n'))
            .whereRef('m.org_id', '=', 'g.org_id')
            .whereRef('m.gateway_id', '=', 'g.id')
            .as('mapped_count'),
      ])
      .where('g.org_id', '=', orgId);
  }

  /**
   * One page of a project's tab (active newest first, archived most recently archived first), how
   * many gateways match the tab and search, both tab totals, and whether the project is the
   * organization's: one statement, so a page and its counts come from one snapshot and a request
   * waits for one answer instead of four.
   */
  async listPage(
    orgId: string,
    projectId: string,
    filter: ArchiveTab,
  ): Promise<ArchivePage<GatewayRow> & { projectFound: boolean }> {
    const inTab = (eb: ExpressionBuilder<{ g: Database['gateways'] }, 'g'>) => {
      const conditions: Expression<SqlBool>[] = [inArchiveTab('g.archived_at', filter.archived)];
      const pattern = filter.pattern;
      if (pattern) {
        conditions.push(
          eb.or([
            eb('g.name', 'ilike', pattern),
            eb('g.topic', 'ilike', pattern),
            eb('g.client_id', 'ilike', pattern),
          ]),
        );
      }
      return eb.and(conditions);
    };
    const page = this.select(orgId)
      .where('g.project_id', '=', projectId)
      .where(inTab)
      .orderBy(filter.archived ? 'g.archived_at' : 'g.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset);
    const rows = await this.db
      .with('tab', (db) =>
        db
          .selectFrom('gateways as g')
          .select((eb) => [
            ...tabCountColumns('g.archived_at'),
            eb.fn.countAll<string>().filterWhere(inTab).as('matching'),
          ])
          .where('g.org_id', '=', orgId)
          .where('g.project_id', '=', projectId),
      )
      .selectFrom('tab')
      // A page past the end still answers one row: the counts, with no gateway.
      .leftJoinLateral(page.as('page'), (join) => join.onTrue())
      .selectAll('page')
      .select((eb) => [
        'tab.active',
        'tab.archived',
        'tab.matching',
        eb
          .exists(
            eb.selectFrom('projects').select('id').where('org_id', '=', orgId).where('id', '=', projectId),
          )
          .as('project_found'),
      ])
      .execute();
    const first = rows[0];
    return {
      projectFound: Boolean(first?.project_found),
      rows: rows.filter((row) => row.id !== null) as GatewayRow[],
      total: Number(first?.matching ?? 0),
      counts: tabCountsOf({ active: first?.active ?? 0, archived: first?.archived ?? 0 }),
    };
  }

  /** The gateway with its parent's name and mapping count, if it belongs to the organization. */
  findById(orgId: string, id: string) {
    return this.select(orgId).where('g.id', '=', id).executeTakeFirst();
  }

  /** Whether the gateway is one of the organization's (joining its log room). */
  async exists(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('gateways')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every gateway of a project, oldest first (topology, parent checks). */
  allOfProject(orgId: string, projectId: string) {
    return this.select(orgId).where('g.project_id', '=', projectId).orderBy('g.created_at').execute();
  }

  /**
   * Which of a topic, a client id and a user name another gateway already uses; a topic is taken when
   * another's equals it, lies above it or below it (topicTree.ts); null skips it. Deliberately across
   * every organization (one broker serves them all); it answers only "taken", never whose.
   */
  async clashes(
    topic: string | null,
    clientId: string,
    exceptId: string,
    username: string | null = null,
  ): Promise<{ topic: boolean; clientId: boolean; username: boolean }> {
    const [rows, topicTaken] = await Promise.all([
      this.db
        .selectFrom('gateways')
        .select(['client_id', 'username'])
        .where((eb) =>
          eb.or([
            eb('client_id', '=', clientId),
            ...(username === null ? [] : [eb('username', '=', username)]),
          ]),
        )
        .where('id', '!=', exceptId)
        .execute(),
      topic === null ? false : this.sibling(TopicTreeRepository).taken(topic, exceptId),
    ]);
    return {
      topic: topicTaken,
      clientId: rows.some((row) => row.client_id === clientId),
      username: username !== null && rows.some((row) => row.username === username),
    };
  }

  /**
   * Serializes topic changes platform-wide (call before `clashes` in the writing transaction): two
   * gateways taking `a` and `a/b` at once would each find the other's topic still free.
   */
  async lockTopics(): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended('gateway-topics', 0))`.execute(this.db);
  }

  /** Serializes the organization's gateway creates and unarchives so the limit holds under concurrency. */
  async lockOrgGateways(orgId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`gateways:${orgId}`}, 0))`.execute(this.db);
  }

  /** The organization's gateway limit and how many gateways are not archived. */
  async limitUsage(orgId: string): Promise<{ limit: number; used: number }> {
    const [org, used] = await Promise.all([
      this.db.selectFrom('orgs').select('limits').where('id', '=', orgId).executeTakeFirst(),
      this.db
        .selectFrom('gateways')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('org_id', '=', orgId)
        .where('archived_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const limit = Number(org?.limits?.gateways ?? DEFAULT_ORG_LIMITS.gateways);
    return { limit: Number.isFinite(limit) ? limit : DEFAULT_ORG_LIMITS.gateways, used: Number(used.n) };
  }

  /** Parent links of a project's gateways, for cycle checks. */
  async parentLinks(orgId: string, projectId: string): Promise<Map<string, string | null>> {
    const rows = await this.db
      .selectFrom('gateways')
      .select(['id', 'parent_id'])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .execute();
    return new Map(rows.map((row) => [row.id, row.parent_id]));
  }

  /** Creates a gateway with its token hash. */
  async insert(
    row: {
      id: string;
      orgId: string;
      projectId: string;
      createdBy: string;
      tokenHash: string;
      tokenHint: string;
    },
    values: GatewayValues,
  ): Promise<void> {
    await this.db
      .insertInto('gateways')
      .values({
        id: row.id,
        org_id: row.orgId,
        project_id: row.projectId,
        created_by: row.createdBy,
        token_hash: row.tokenHash,
        token_hint: row.tokenHint,
        ...serialize(values),
      })
      .execute();
  }

  /** Replaces a gateway's editable fields; answers false when it is gone. */
  async update(orgId: string, id: string, values: GatewayValues): Promise<boolean> {
    const row = await this.db
      .updateTable('gateways')
      .set({ ...serialize(values), updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Archives (a date) or unarchives (null) a gateway in the other state; false when it was not. */
  async setArchivedAt(orgId: string, id: string, archivedAt: Date | null): Promise<boolean> {
    const row = await this.db
      .updateTable('gateways')
      .set({ archived_at: archivedAt, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('archived_at', archivedAt ? 'is' : 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Replaces the token hash; the old token stops working at once. */
  async replaceToken(orgId: string, id: string, tokenHash: string, tokenHint: string): Promise<boolean> {
    const now = new Date();
    const row = await this.db
      .updateTable('gateways')
      .set({ token_hash: tokenHash, token_hint: tokenHint, token_rotated_at: now, updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a gateway; its mappings, log, commands and rollouts go with it, children lose their parent. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('gateways').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}

function serialize(values: GatewayValues) {
  return {
    ...values,
    static_params: JSON.stringify(values.static_params),
    streaming_params: JSON.stringify(values.streaming_params),
    timestamp_mapping: JSON.stringify(values.timestamp_mapping),
  };
}

export type GatewayRow = NonNullable<Awaited<ReturnType<GatewayRepository['findById']>>>;
