/** What the trace reads and changes in the database: a chain of the organization, its counters and kept failures, its debug settings. */
import { TRACE_KEEP_PER_NODE, type TraceEntry } from '@ferrite/contracts';
import { Repository } from '../../../platform/db/repository';

export interface TracedChain {
  id: string;
  org_id: string;
  project_id: string;
  name: string;
  revision: number;
  actions: { id: string }[];
}

export class TraceRepository extends Repository {
  /** The organization's chain in that project, or undefined. */
  findChain(orgId: string, projectId: string, pipelineId: string): Promise<TracedChain | undefined> {
    return this.db
      .selectFrom('pipelines')
      .select(['id', 'org_id', 'project_id', 'name', 'revision', 'actions'])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('id', '=', pipelineId)
      .executeTakeFirst();
  }

  /** Whether the organization has that chain (the trace room's rule). */
  async chainExists(orgId: string, pipelineId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('pipelines')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', pipelineId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The revision's stored counts. */
  async counters(pipelineId: string, revision: number) {
    const rows = await this.db
      .selectFrom('pipeline_counters')
      .select(['element', 'kind', 'count'])
      .where('pipeline_id', '=', pipelineId)
      .where('revision', '=', revision)
      .execute();
    return rows.map((row) => ({ element: row.element, kind: row.kind, count: Number(row.count) }));
  }

  /** The kept failures, newest first (one node's, or the chain's). */
  async failures(pipelineId: string, nodeId: string | undefined, limit: number): Promise<TraceEntry[]> {
    let query = this.db
      .selectFrom('pipeline_failures')
      .select(['entry'])
      .where('pipeline_id', '=', pipelineId)
      .orderBy('id', 'desc')
      .limit(limit);
    if (nodeId) query = query.where('node_id', '=', nodeId);
    const rows = await query.execute();
    return rows.map(
      (row) => (typeof row.entry === 'string' ? JSON.parse(row.entry) : row.entry) as TraceEntry,
    );
  }

  /** Sets which nodes are debugged, leaving the revision as it is. */
  async setDebug(orgId: string, pipelineId: string, debugAll: boolean, debugNodes: readonly string[]) {
    await this.db
      .updateTable('pipelines')
      .set({ debug_all: debugAll, debug_nodes: JSON.stringify(debugNodes) })
      .where('org_id', '=', orgId)
      .where('id', '=', pipelineId)
      .execute();
  }
}

/** How many failures a chain's trace reads at most. */
export function failureLimit(nodeCount: number, oneNode: boolean): number {
  return TRACE_KEEP_PER_NODE * (oneNode ? 1 : Math.max(1, Math.min(nodeCount, 20)));
}
