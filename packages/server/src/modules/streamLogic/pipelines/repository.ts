/**
 * SQL of logic chains and their versions; every read is scoped to one organization (and project).
 * A deploy is a conditional update (`where revision = $old`): of two racing deploys of one revision,
 * exactly one changes the row.
 */
import type { ChainConnection, ChainNode, VersionDiff } from '@ferrite/contracts';
import { type Selectable, sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { PipelinesTable, PipelineVersionsTable } from '../../../platform/db/streamLogicTables';

/** How recent a node failure makes a chain `failing`. */
export const FAILING_WINDOW_MS = 15 * 60_000;

export type PipelineRow = Selectable<PipelinesTable>;
/** A chain with its last editor's name and whether a node failed lately. */
export type ListedPipeline = PipelineRow & { updated_by_name: string | null; failing: boolean };
export type VersionRow = Selectable<PipelineVersionsTable> & { deployed_by_name: string | null };

/** What a deploy writes. */
export interface ChainValues {
  name: string;
  description: string;
  actions: ChainNode[];
  connections: ChainConnection[];
  enabled: boolean;
}

/** Data access for chains; bind it to a transaction with `transaction`. */
export class PipelineRepository extends Repository {
  private listed(orgId: string, projectId: string) {
    const since = new Date(Date.now() - FAILING_WINDOW_MS);
    return this.db
      .selectFrom('pipelines as p')
      .leftJoin('users as u', 'u.id', 'p.updated_by')
      .selectAll('p')
      .select((eb) => [
        'u.name as updated_by_name',
        eb
          .exists(
            eb
              .selectFrom('pipeline_failures as f')
              .select('f.id')
              .whereRef('f.pipeline_id', '=', 'p.id')
              .where('f.at', '>', since),
          )
          .as('failing'),
      ])
      .where('p.org_id', '=', orgId)
      .where('p.project_id', '=', projectId);
  }

  /** One page of a project's chains (last changed first), how many match, and the tab counts. */
  async listPage(
    orgId: string,
    projectId: string,
    filter: { status: 'all' | 'enabled' | 'disabled'; pattern: string | null; limit: number; offset: number },
  ) {
    let page = this.listed(orgId, projectId);
    if (filter.pattern) page = page.where('p.name', 'ilike', filter.pattern);
    if (filter.status !== 'all') page = page.where('p.enabled', '=', filter.status === 'enabled');
    const [rows, counts] = await Promise.all([
      page
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      this.db
        .selectFrom('pipelines')
        .select((eb) => {
          const named = filter.pattern ? [eb('name', 'ilike', filter.pattern)] : [];
          const status = filter.status === 'all' ? [] : [eb('enabled', '=', filter.status === 'enabled')];
          return [
            eb.fn
              .countAll<string>()
              .filterWhere(eb.and([...named, ...status]))
              .as('total'),
            eb.fn.countAll<string>().as('all'),
            eb.fn.countAll<string>().filterWhere('enabled', '=', true).as('enabled'),
          ];
        })
        .where('org_id', '=', orgId)
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow(),
    ]);
    const all = Number(counts.all);
    const enabled = Number(counts.enabled);
    return {
      rows: rows as ListedPipeline[],
      total: Number(counts.total),
      counts: { all, enabled, disabled: all - enabled },
    };
  }

  /** One chain of the project with its editor's name. */
  async find(orgId: string, projectId: string, id: string): Promise<ListedPipeline | undefined> {
    return (await this.listed(orgId, projectId).where('p.id', '=', id).executeTakeFirst()) as
      | ListedPipeline
      | undefined;
  }

  /** Creates a chain at revision 1; answers its id. */
  async insert(orgId: string, projectId: string, userId: string, values: ChainValues): Promise<string> {
    const row = await this.db
      .insertInto('pipelines')
      .values({
        org_id: orgId,
        project_id: projectId,
        name: values.name,
        description: values.description,
        enabled: values.enabled,
        actions: JSON.stringify(values.actions),
        connections: JSON.stringify(values.connections),
        created_by: userId,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Writes a chain only if it is still at `revision` and still `wasEnabled` (an enable or disable keeps
   * the revision), moving it to `nextRevision`; false when another change came first (nothing written).
   */
  async updateIfRevision(
    orgId: string,
    id: string,
    was: { revision: number; enabled: boolean },
    change: Partial<ChainValues> & { nextRevision: number; userId: string },
  ): Promise<boolean> {
    const { nextRevision, userId, actions, connections, ...rest } = change;
    const result = await this.db
      .updateTable('pipelines')
      .set({
        ...rest,
        ...(actions ? { actions: JSON.stringify(actions) } : {}),
        ...(connections ? { connections: JSON.stringify(connections) } : {}),
        revision: nextRevision,
        updated_by: userId,
        updated_at: new Date(),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('revision', '=', was.revision)
      .where('enabled', '=', was.enabled)
      // Counted by the rows returned: PGlite's driver reports no affected-row counts.
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Deletes a chain (its versions, state and trace with it); false when it was gone already. */
  async delete(orgId: string, projectId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pipelines')
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Keeps a deployed version. */
  async insertVersion(
    orgId: string,
    pipelineId: string,
    version: ChainValues & { revision: number; diff: VersionDiff; rollbackOf: number | null; userId: string },
  ): Promise<void> {
    await this.db
      .insertInto('pipeline_versions')
      .values({
        pipeline_id: pipelineId,
        org_id: orgId,
        revision: version.revision,
        name: version.name,
        description: version.description,
        actions: JSON.stringify(version.actions),
        connections: JSON.stringify(version.connections),
        diff: JSON.stringify(version.diff),
        rollback_of: version.rollbackOf,
        deployed_by: version.userId,
      })
      .execute();
  }

  private versionsOf(orgId: string, pipelineId: string) {
    return this.db
      .selectFrom('pipeline_versions as v')
      .leftJoin('users as u', 'u.id', 'v.deployed_by')
      .selectAll('v')
      .select('u.name as deployed_by_name')
      .where('v.org_id', '=', orgId)
      .where('v.pipeline_id', '=', pipelineId);
  }

  /** Every version of a chain, newest first. */
  versions(orgId: string, pipelineId: string): Promise<VersionRow[]> {
    return this.versionsOf(orgId, pipelineId).orderBy('v.revision', 'desc').execute();
  }

  /** One version of a chain. */
  version(orgId: string, pipelineId: string, revision: number): Promise<VersionRow | undefined> {
    return this.versionsOf(orgId, pipelineId).where('v.revision', '=', revision).executeTakeFirst();
  }

  /** The time zone a member reads times in (their data settings), UTC when unset. */
  async timeZoneOf(userId: string): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select(sql<string | null>`settings->'data_settings'->>'timezone'`.as('zone'))
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.zone || 'UTC';
  }
}
