/**
 * The chain activity log of a project (the editor's "activity" section): creations, deploys,
 * rollbacks, enables, disables, deletions and node errors, newest first. Deploys write their entry in
 * their own transaction; the runtime records 'error' entries through `recordChainActivity`.
 */
import type { ChainActivityEntry, ChainActivityKind } from '@ferrite/contracts';
import type { Kysely } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';

type DB = Kysely<Database>;

/** One entry to record. */
export interface ChainActivityInput {
  orgId: string;
  projectId: string;
  pipelineId: string | null;
  pipelineName: string;
  kind: ChainActivityKind;
  revision?: number | null;
  nodeId?: string | null;
  /** The member who did it; null for the runtime. */
  actorId?: string | null;
  /** In words: "Changed 2 nodes", "Formula: division by zero". */
  detail?: string;
}

/** Records one chain activity entry (on a transaction when given one). */
export async function recordChainActivity(db: DB, entry: ChainActivityInput): Promise<void> {
  await db
    .insertInto('pipeline_activity')
    .values({
      org_id: entry.orgId,
      project_id: entry.projectId,
      pipeline_id: entry.pipelineId,
      pipeline_name: entry.pipelineName,
      kind: entry.kind,
      revision: entry.revision ?? null,
      node_id: entry.nodeId ?? null,
      actor_id: entry.actorId ?? null,
      detail: (entry.detail ?? '').slice(0, 1000),
    })
    .execute();
}

/** Reads a project's chain activity. */
export class ChainActivityRepository extends Repository {
  /** Records an entry on this repository's connection (the deploy's transaction, when bound). */
  record(entry: ChainActivityInput): Promise<void> {
    return recordChainActivity(this.db, entry);
  }

  /** One page of a project's activity, newest first, with how many entries match. */
  async page(
    orgId: string,
    projectId: string,
    filter: { pipelineId?: string; kind?: ChainActivityKind; limit: number; offset: number },
  ): Promise<{ activity: ChainActivityEntry[]; total: number }> {
    let query = this.db
      .selectFrom('pipeline_activity as a')
      .where('a.org_id', '=', orgId)
      .where('a.project_id', '=', projectId);
    if (filter.pipelineId) query = query.where('a.pipeline_id', '=', filter.pipelineId);
    if (filter.kind) query = query.where('a.kind', '=', filter.kind);
    const [rows, count] = await Promise.all([
      query
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .selectAll('a')
        .select('u.name as actor_name')
        .orderBy('a.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      activity: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        kind: row.kind as ChainActivityKind,
        pipeline_id: row.pipeline_id,
        pipeline_name: row.pipeline_name,
        revision: row.revision,
        node_id: row.node_id,
        actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
        detail: row.detail,
      })),
    };
  }
}
